/* SPDX-License-Identifier: GPL-3.0-or-later */
#define G_LOG_DOMAIN "wb-test-hex-region"
#include "config.h"

#include <check.h>
#include <stdlib.h>
#include <string.h>

#include "warbench-core.h"

/* Regions of a hex map: clips, their JSON form, and the paste, clear and
 * move commands with exact undo. */

#define ck_assert_error(err, domain, code_)                                       \
  ck_assert_msg (g_error_matches ((err), (domain), (code_)), "expected error %d, got %s", \
                 (int) (code_), (err) ? (err)->message : "none")

static const WbHexLayout layouts[] = {
  { WB_HEX_FLAT, WB_HEX_ODD },
  { WB_HEX_FLAT, WB_HEX_EVEN },
  { WB_HEX_POINTY, WB_HEX_ODD },
  { WB_HEX_POINTY, WB_HEX_EVEN },
};

#define COLS 14
#define ROWS 12

static WbOffset
off (int col, int row)
{
  WbOffset o = { col, row };

  return o;
}

/* A starter game around a COLS × ROWS map of @layout (taken by the game),
 * with a hex feature "town" added. */
static WbGame *
new_game (WbHexLayout layout)
{
  WbHexMap *map = wb_hex_map_new ("map", layout, COLS, ROWS, "clear");
  WbGame *game = wb_game_new_with_map (WB_MAP (map));

  wb_game_add_feature (game, wb_feature_type_new ("town", WB_FEATURE_HEX));
  return game;
}

static WbHexMap *
game_map (WbGame *game)
{
  return WB_HEX_MAP (wb_game_find_map (game, "map"));
}

static const char *terrains[] = { "clear", "forest", "rough" };

/* A label that needs escaping in JSON. */
#define LABEL "Chickasaw \"Bayou\"\n\\ \t Lac Vézina"

/* The 19 hexes within 2 of @centre, made varied: terrain, levels, a label,
 * a town, creeks on some hexsides inside and a road across the border. */
static GArray *
make_region (WbHexMap *map,
             WbOffset  centre)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);
  gsize n = wb_hex_range (layout, centre, 2, NULL, 0);
  GArray *hexes = g_array_sized_new (FALSE, FALSE, sizeof (WbOffset), n);

  g_array_set_size (hexes, n);
  wb_hex_range (layout, centre, 2, (WbOffset *) hexes->data, n);
  for (guint i = 0; i < hexes->len; i++)
    {
      WbOffset h = g_array_index (hexes, WbOffset, i);

      wb_hex_map_set_terrain (map, h, terrains[(i * 7 + 1) % 3]);
      wb_hex_map_set_elevation (map, h, (int) (i % 4));
      if (i % 5 == 0)
        wb_hex_map_add_side_feature (map, h, 0, "creek");
      if (i % 6 == 1)
        wb_hex_map_add_side_feature (map, h, 2, "creek");
    }
  wb_hex_map_set_label (map, centre, LABEL);
  wb_hex_map_add_hex_feature (map, centre, "town");
  wb_hex_map_add_side_feature (map, centre, 1, "road");
  wb_hex_map_add_side_feature (map, centre, 1, "ford");
  return hexes;
}

static gboolean
in_array (GArray  *hexes,
          WbOffset hex)
{
  for (guint i = 0; i < hexes->len; i++)
    if (wb_offset_equal (g_array_index (hexes, WbOffset, i), hex))
      return TRUE;
  return FALSE;
}

static gboolean
same_ids (GPtrArray *a,
          GPtrArray *b)
{
  guint na = a != NULL ? a->len : 0, nb = b != NULL ? b->len : 0;

  if (na != nb)
    return FALSE;
  for (guint i = 0; i < na; i++)
    if (g_ptr_array_index (a, i) != g_ptr_array_index (b, i))
      return FALSE;
  return TRUE;
}

static void
push_ok (WbUndoStack *stack,
         WbCommand   *cmd)
{
  g_autoptr(WbCommand) owned = cmd;
  g_autoptr(GError) error = NULL;

  ck_assert_msg (wb_undo_stack_push (stack, owned, &error), "%s", error ? error->message : "");
}

/* Each hex of the source region and its pasted copy hold the same, every
 * pair keeps its distance, and every hexside inside keeps its features. */
static void
assert_copy (WbHexMap *map,
             GArray   *src,
             GArray   *dst)
{
  WbHexLayout layout = wb_hex_map_get_layout (map);

  ck_assert_uint_eq (src->len, dst->len);
  for (guint i = 0; i < src->len; i++)
    {
      WbOffset a = g_array_index (src, WbOffset, i), pa = g_array_index (dst, WbOffset, i);

      ck_assert (wb_hex_map_contains (map, pa));
      ck_assert_str_eq (wb_hex_map_get_terrain (map, pa), wb_hex_map_get_terrain (map, a));
      ck_assert_int_eq (wb_hex_map_get_elevation (map, pa), wb_hex_map_get_elevation (map, a));
      ck_assert_str_eq (wb_hex_map_get_label (map, pa) ? wb_hex_map_get_label (map, pa) : "-",
                        wb_hex_map_get_label (map, a) ? wb_hex_map_get_label (map, a) : "-");
      ck_assert (same_ids (wb_hex_map_get_hex_features (map, pa),
                           wb_hex_map_get_hex_features (map, a)));
      for (guint j = 0; j < src->len; j++)
        {
          WbOffset b = g_array_index (src, WbOffset, j), pb = g_array_index (dst, WbOffset, j);
          int dir = wb_hex_direction_to (layout, a, b), pdir = wb_hex_direction_to (layout, pa, pb);

          ck_assert_int_eq (wb_hex_distance (layout, a, b), wb_hex_distance (layout, pa, pb));
          ck_assert_int_eq (dir < 0, pdir < 0);
          if (dir >= 0)
            ck_assert (same_ids (wb_hex_map_get_side_features (map, pa, pdir),
                                 wb_hex_map_get_side_features (map, a, dir)));
        }
    }
}

/* Copy and paste at anchors of both column and row parities, on all four
 * layouts; undo gives the file back byte for byte, redo the paste. */
START_TEST (test_copy_paste_round_trip)
{
  static const WbOffset anchors[] = { { 9, 6 }, { 10, 6 }, { 9, 7 }, { 10, 7 } };
  g_autoptr(WbGame) game = new_game (layouts[_i]);
  WbHexMap *map = game_map (game);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GArray) src = make_region (map, off (3, 3));
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_map (map, (WbOffset *) src->data, src->len,
                                                        off (3, 3));

  ck_assert_uint_eq (wb_hex_clip_get_n_hexes (clip), 19);
  ck_assert_uint_gt (wb_hex_clip_get_n_sides (clip), 0);
  ck_assert (wb_offset_equal (wb_hex_clip_get_anchor (clip), off (3, 3)));

  for (guint k = 0; k < G_N_ELEMENTS (anchors); k++)
    {
      g_autofree char *before = wb_game_to_data (game, NULL);
      g_autofree char *after = NULL;
      g_autofree char *undone = NULL;
      g_autofree char *redone = NULL;
      g_autoptr(GArray) dst = wb_hex_clip_place (clip, layouts[_i], anchors[k]);
      WbOffset border = wb_hex_neighbour (layouts[_i],
                                          wb_hex_neighbour (layouts[_i], anchors[k], 1), 1);
      WbOffset outside = wb_hex_neighbour (layouts[_i], border, 1);

      /* A road leaving the destination's border stays where it is. */
      ck_assert (!in_array (dst, outside));
      wb_hex_map_add_side_feature (map, border, 1, "road");
      g_free (before);
      before = wb_game_to_data (game, NULL);

      push_ok (stack, wb_command_paste_region_new (game, map, clip, anchors[k]));
      ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Paste 19 hexes");
      ck_assert (wb_offset_equal (g_array_index (dst, WbOffset, 0), anchors[k]));
      assert_copy (map, src, dst);
      ck_assert (wb_hex_map_has_side_feature (map, border, 1, "road"));
      /* The centre's road and ford, inside the region, came along. */
      ck_assert (wb_hex_map_has_side_feature (map, anchors[k], 1, "road"));
      ck_assert (wb_hex_map_has_side_feature (map, anchors[k], 1, "ford"));

      after = wb_game_to_data (game, NULL);
      ck_assert_str_ne (after, before);
      ck_assert (wb_undo_stack_undo (stack));
      undone = wb_game_to_data (game, NULL);
      ck_assert_str_eq (undone, before);
      ck_assert (wb_undo_stack_redo (stack));
      redone = wb_game_to_data (game, NULL);
      ck_assert_str_eq (redone, after);
      ck_assert (wb_undo_stack_undo (stack));
      wb_hex_map_remove_side_feature (map, border, 1, "road");
    }
}
END_TEST

/* The JSON form holds everything: pasting the parsed copy gives the same
 * map as pasting the original. */
START_TEST (test_json_round_trip)
{
  g_autoptr(WbGame) game = new_game (layouts[_i]);
  g_autoptr(WbGame) other = new_game (layouts[_i]);
  g_autoptr(GArray) src = make_region (game_map (game), off (4, 4));
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_map (game_map (game), (WbOffset *) src->data,
                                                        src->len, off (4, 4));
  g_autofree char *json = wb_hex_clip_to_json (clip);
  g_autoptr(GError) error = NULL;
  g_autoptr(WbHexClip) parsed = wb_hex_clip_new_from_json (json, -1, &error);
  g_autofree char *json2 = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autoptr(WbCommand) c1 = NULL;
  g_autoptr(WbCommand) c2 = NULL;

  ck_assert_msg (parsed != NULL, "%s", error ? error->message : "");
  json2 = wb_hex_clip_to_json (parsed);
  ck_assert_str_eq (json2, json);
  ck_assert_uint_eq (wb_hex_clip_get_n_sides (parsed), wb_hex_clip_get_n_sides (clip));
  ck_assert_int_eq (wb_hex_clip_get_orientation (parsed), layouts[_i].orientation);

  c1 = wb_command_paste_region_new (game, game_map (game), clip, off (9, 7));
  ck_assert (wb_command_apply (c1, NULL));
  c2 = wb_command_paste_region_new (other, game_map (other), parsed, off (9, 7));
  ck_assert (wb_command_apply (c2, NULL));
  /* The other map lacks the source region; compare the pasted parts. */
  {
    g_autoptr(GArray) dst = wb_hex_clip_place (clip, layouts[_i], off (9, 7));

    for (guint i = 0; i < dst->len; i++)
      {
        WbOffset h = g_array_index (dst, WbOffset, i);

        ck_assert_str_eq (wb_hex_map_get_terrain (game_map (game), h),
                          wb_hex_map_get_terrain (game_map (other), h));
        ck_assert_int_eq (wb_hex_map_get_elevation (game_map (game), h),
                          wb_hex_map_get_elevation (game_map (other), h));
        ck_assert (same_ids (wb_hex_map_get_hex_features (game_map (game), h),
                             wb_hex_map_get_hex_features (game_map (other), h)));
        for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
          if (in_array (dst, wb_hex_neighbour (layouts[_i], h, d)))
            ck_assert (same_ids (wb_hex_map_get_side_features (game_map (game), h, d),
                                 wb_hex_map_get_side_features (game_map (other), h, d)));
      }
  }
  a = g_strdup (wb_hex_map_get_label (game_map (game), off (9, 7)));
  b = g_strdup (wb_hex_map_get_label (game_map (other), off (9, 7)));
  ck_assert_str_eq (a, LABEL);
  ck_assert_str_eq (b, LABEL);
}
END_TEST

/* Hexes falling off the map are skipped; a paste wholly off it is refused
 * and changes nothing. */
START_TEST (test_paste_clipped)
{
  g_autoptr(WbGame) game = new_game (layouts[_i]);
  WbHexMap *map = game_map (game);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GArray) src = make_region (map, off (3, 3));
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_map (map, (WbOffset *) src->data, src->len,
                                                        off (3, 3));
  g_autoptr(GArray) dst = wb_hex_clip_place (clip, layouts[_i], off (COLS - 1, ROWS - 1));
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *undone = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(WbCommand) off_map = NULL;
  guint on = 0;

  for (guint i = 0; i < dst->len; i++)
    on += wb_hex_map_contains (map, g_array_index (dst, WbOffset, i));
  ck_assert_uint_gt (on, 0);
  ck_assert_uint_lt (on, dst->len);

  push_ok (stack, wb_command_paste_region_new (game, map, clip, off (COLS - 1, ROWS - 1)));
  for (guint i = 0; i < dst->len; i++)
    {
      WbOffset h = g_array_index (dst, WbOffset, i);

      if (wb_hex_map_contains (map, h))
        ck_assert_str_eq (wb_hex_map_get_terrain (map, h),
                          wb_hex_map_get_terrain (map, g_array_index (src, WbOffset, i)));
    }
  ck_assert (wb_undo_stack_undo (stack));
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);

  off_map = wb_command_paste_region_new (game, map, clip, off (-40, -40));
  ck_assert (!wb_command_apply (off_map, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_OFF_MAP);
  g_free (undone);
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);
}
END_TEST

/* A terrain or feature the target game does not have is refused by name. */
START_TEST (test_paste_unknown_ids)
{
  g_autoptr(WbGame) game = new_game (layouts[0]);
  g_autoptr(WbHexMap) foreign = wb_hex_map_new ("x", layouts[0], 5, 5, "swamp");
  WbOffset hexes[] = { { 1, 1 }, { 1, 2 } };
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_map (foreign, hexes, 2, hexes[0]);
  g_autoptr(WbHexClip) clip2 = NULL;
  g_autoptr(WbCommand) cmd = wb_command_paste_region_new (game, game_map (game), clip, off (2, 2));
  g_autoptr(WbCommand) cmd2 = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *before = wb_game_to_data (game, NULL);
  g_autofree char *after = NULL;

  ck_assert (!wb_command_apply (cmd, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  ck_assert_msg (strstr (error->message, "swamp") != NULL, "%s", error->message);
  g_clear_error (&error);

  /* A hexside feature used in a hex is refused too. */
  wb_hex_map_set_terrain (foreign, hexes[0], "clear");
  wb_hex_map_set_terrain (foreign, hexes[1], "clear");
  wb_hex_map_add_hex_feature (foreign, hexes[0], "creek");
  clip2 = wb_hex_clip_new_from_map (foreign, hexes, 2, hexes[0]);
  cmd2 = wb_command_paste_region_new (game, game_map (game), clip2, off (2, 2));
  ck_assert (!wb_command_apply (cmd2, &error));
  ck_assert_error (error, WB_COMMAND_ERROR, WB_COMMAND_ERROR_NOT_FOUND);
  ck_assert_msg (strstr (error->message, "creek") != NULL, "%s", error->message);

  after = wb_game_to_data (game, NULL);
  ck_assert_str_eq (after, before);
}
END_TEST

/* Clear: the fill terrain, no levels, labels or features, the hexsides
 * inside emptied and those on the border kept; undo is exact. */
START_TEST (test_clear_region)
{
  g_autoptr(WbGame) game = new_game (layouts[_i]);
  WbHexMap *map = game_map (game);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GArray) src = make_region (map, off (5, 5));
  WbHexLayout layout = layouts[_i];
  WbOffset outside = wb_hex_neighbour (layout, wb_hex_neighbour (layout,
                                        wb_hex_neighbour (layout, off (5, 5), 1), 1), 1);
  g_autofree char *before = NULL;
  g_autofree char *after = NULL;
  g_autofree char *undone = NULL;

  /* A creek on the region's border: between an inside and an outside hex. */
  wb_hex_map_add_side_feature (map, outside, 4, "creek");
  ck_assert (in_array (src, wb_hex_neighbour (layout, outside, 4)));
  before = wb_game_to_data (game, NULL);

  push_ok (stack, wb_command_clear_region_new (game, map, (WbOffset *) src->data, src->len,
                                               "forest"));
  ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Delete 19 hexes");
  for (guint i = 0; i < src->len; i++)
    {
      WbOffset h = g_array_index (src, WbOffset, i);

      ck_assert_str_eq (wb_hex_map_get_terrain (map, h), "forest");
      ck_assert_int_eq (wb_hex_map_get_elevation (map, h), 0);
      ck_assert_ptr_null (wb_hex_map_get_label (map, h));
      ck_assert_ptr_null (wb_hex_map_get_hex_features (map, h));
      for (int d = 0; d < WB_HEX_DIRECTIONS; d++)
        if (in_array (src, wb_hex_neighbour (layout, h, d)))
          ck_assert_ptr_null (wb_hex_map_get_side_features (map, h, d));
    }
  ck_assert (wb_hex_map_has_side_feature (map, outside, 4, "creek"));
  /* The road and ford out of the centre were on hexsides inside. */
  ck_assert (!wb_hex_map_has_side_feature (map, off (5, 5), 1, "road"));

  after = wb_game_to_data (game, NULL);
  ck_assert (wb_undo_stack_undo (stack));
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, before);
  ck_assert (wb_undo_stack_redo (stack));
  g_free (undone);
  undone = wb_game_to_data (game, NULL);
  ck_assert_str_eq (undone, after);
}
END_TEST

/* Move: one step; the source cleared, the destination a copy of it, also
 * when they overlap; undo exact. An elevation layer the map did not have
 * goes again on undo. */
START_TEST (test_move_region)
{
  static const WbOffset targets[] = { { 9, 7 }, { 4, 3 }, { 6, 3 } };
  g_autoptr(WbGame) game = new_game (layouts[_i]);
  WbHexMap *map = game_map (game);
  g_autoptr(WbUndoStack) stack = wb_undo_stack_new ();
  g_autoptr(GArray) src = make_region (map, off (3, 3));
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_map (map, (WbOffset *) src->data, src->len,
                                                        off (3, 3));
  WbMapMark *mark = wb_map_mark_new ("hill");

  /* An objective on the region's centre and one elsewhere. */
  mark->name = g_strdup ("Hill");
  mark->kind = g_strdup ("objective");
  mark->vp = 2;
  g_array_append_val (mark->hexes, ((WbOffset) { 0, 0 }));
  g_array_append_val (mark->hexes, ((WbOffset) { 3, 3 }));
  wb_hex_map_add_mark (map, mark);

  for (guint k = 0; k < G_N_ELEMENTS (targets); k++)
    {
      g_autofree char *before = wb_game_to_data (game, NULL);
      g_autofree char *after = NULL;
      g_autofree char *undone = NULL;
      g_autoptr(GArray) dst = wb_hex_clip_place (clip, layouts[_i], targets[k]);
      g_autoptr(WbGame) copy = NULL;
      g_autoptr(WbUndoStack) copy_stack = wb_undo_stack_new ();

      push_ok (stack, wb_command_move_region_new (game, map, (WbOffset *) src->data, src->len,
                                                  off (3, 3), targets[k], "rough"));
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 1);
      ck_assert_str_eq (wb_undo_stack_get_undo_label (stack), "Move 19 hexes");
      for (guint i = 0; i < src->len; i++)
        if (!in_array (dst, g_array_index (src, WbOffset, i)))
          ck_assert_str_eq (wb_hex_map_get_terrain (map, g_array_index (src, WbOffset, i)), "rough");
      /* The objective went along with its hex; the other stayed. */
      ck_assert (wb_map_mark_has_hex (mark, targets[k]));
      ck_assert (wb_map_mark_has_hex (mark, off (0, 0)));
      ck_assert (!wb_map_mark_has_hex (mark, off (3, 3)) || wb_offset_equal (targets[k], off (3, 3)));
      ck_assert_uint_eq (mark->hexes->len, 2);
      after = wb_game_to_data (game, NULL);

      /* The destination holds what a paste of the old source gives. */
      copy = wb_game_load_from_data (before, -1, "copy", NULL);
      ck_assert_ptr_nonnull (copy);
      push_ok (copy_stack,
               wb_command_clear_region_new (copy, game_map (copy), (WbOffset *) src->data,
                                            src->len, "rough"));
      push_ok (copy_stack, wb_command_paste_region_new (copy, game_map (copy), clip, targets[k]));
      {
        WbMapMark *m = wb_hex_map_find_mark (game_map (copy), "hill");

        g_array_index (m->hexes, WbOffset, 1) = targets[k];
      }
      {
        g_autofree char *expected = wb_game_to_data (copy, NULL);

        ck_assert_str_eq (after, expected);
      }

      ck_assert (wb_undo_stack_undo (stack));
      undone = wb_game_to_data (game, NULL);
      ck_assert_str_eq (undone, before);
      ck_assert_uint_eq (wb_undo_stack_get_n_undo (stack), 0);
    }

  /* A map without levels gets none back on undo. */
  {
    g_autoptr(WbGame) flat = new_game (layouts[_i]);
    g_autoptr(WbUndoStack) s = wb_undo_stack_new ();
    g_autofree char *before = wb_game_to_data (flat, NULL);
    g_autofree char *undone = NULL;

    ck_assert (!wb_hex_map_has_elevation (game_map (flat)));
    push_ok (s, wb_command_paste_region_new (flat, game_map (flat), clip, off (6, 6)));
    ck_assert (wb_hex_map_has_elevation (game_map (flat)));
    ck_assert (wb_undo_stack_undo (s));
    ck_assert (!wb_hex_map_has_elevation (game_map (flat)));
    undone = wb_game_to_data (flat, NULL);
    ck_assert_str_eq (undone, before);
  }
}
END_TEST

typedef struct
{
  const char *text;
  int         code;
  const char *needle;   /* in the message */
} Bad;

#define HEAD "{\"format\": \"warbench-hex-clip\", \"version\": 1, \"orientation\": \"flat\", " \
             "\"anchor\": [2, 3], "
#define HEX0 "{\"at\": [0, 0], \"terrain\": \"clear\"}"
#define HEX1 "{\"at\": [1, 0], \"terrain\": \"forest\"}"

static const Bad bad_clips[] = {
  { "", WB_FORMAT_ERROR_SYNTAX, "Map clip" },
  { "{", WB_FORMAT_ERROR_SYNTAX, "Map clip" },
  { "[]", WB_FORMAT_ERROR_NOT_A_GAME, "not a Warbench map clip" },
  { "{\"format\": \"warbench-game\"}", WB_FORMAT_ERROR_NOT_A_GAME, "not a Warbench map clip" },
  { "{\"format\": \"warbench-hex-clip\", \"orientation\": \"flat\"}", WB_FORMAT_ERROR_MISSING, "$.version" },
  { "{\"format\": \"warbench-hex-clip\", \"version\": 2}", WB_FORMAT_ERROR_TOO_NEW, "newer" },
  { "{\"format\": \"warbench-hex-clip\", \"version\": 1, \"orientation\": \"round\"}",
    WB_FORMAT_ERROR_TYPE, "$.orientation" },
  { HEAD "\"hexes\": []}", WB_FORMAT_ERROR_TYPE, "$.hexes" },
  { HEAD "\"hexes\": [" HEX0 "], \"extra\": 1}", WB_FORMAT_ERROR_TYPE, "extra" },
  { HEAD "\"hexes\": [{\"at\": [0, 0]}]}", WB_FORMAT_ERROR_MISSING, "$.hexes[0].terrain" },
  { HEAD "\"hexes\": [{\"at\": [0], \"terrain\": \"clear\"}]}", WB_FORMAT_ERROR_TYPE, "$.hexes[0].at" },
  { HEAD "\"hexes\": [{\"at\": [0, 99999], \"terrain\": \"clear\"}]}", WB_FORMAT_ERROR_RANGE,
    "$.hexes[0].at[1]" },
  { HEAD "\"hexes\": [{\"at\": [0, 0.5], \"terrain\": \"clear\"}]}", WB_FORMAT_ERROR_TYPE,
    "$.hexes[0].at[1]" },
  { HEAD "\"hexes\": [" HEX0 ", " HEX0 "]}", WB_FORMAT_ERROR_DUPLICATE, "$.hexes[1].at" },
  { HEAD "\"hexes\": [{\"at\": [0, 0], \"terrain\": \"\"}]}", WB_FORMAT_ERROR_TYPE, "$.hexes[0].terrain" },
  { HEAD "\"hexes\": [{\"at\": [0, 0], \"terrain\": \"clear\", \"elevation\": 12}]}",
    WB_FORMAT_ERROR_RANGE, "$.hexes[0].elevation" },
  { HEAD "\"hexes\": [{\"at\": [0, 0], \"terrain\": \"clear\", \"features\": []}]}",
    WB_FORMAT_ERROR_TYPE, "$.hexes[0].features" },
  { HEAD "\"hexes\": [{\"at\": [0, 0], \"terrain\": \"clear\", \"features\": [\"a\", \"a\"]}]}",
    WB_FORMAT_ERROR_DUPLICATE, "$.hexes[0].features[1]" },
  { HEAD "\"hexes\": [{\"at\": [0, 0], \"terrain\": \"clear\", \"label\": 7}]}",
    WB_FORMAT_ERROR_TYPE, "$.hexes[0].label" },
  { HEAD "\"hexes\": [" HEX0 ", " HEX1 "], \"hexsides\": [{\"at\": [0, 0], \"toward\": [1, 1], "
    "\"features\": [\"creek\"]}]}", WB_FORMAT_ERROR_RANGE, "$.hexsides[0].toward" },
  { HEAD "\"hexes\": [" HEX0 ", " HEX1 "], \"hexsides\": [{\"at\": [0, 0], \"toward\": [0, 1], "
    "\"features\": [\"creek\"]}]}", WB_FORMAT_ERROR_REFERENCE, "$.hexsides[0]" },
  { HEAD "\"hexes\": [" HEX0 ", " HEX1 "], \"hexsides\": [{\"at\": [0, 0], \"toward\": [1, 0], "
    "\"features\": [\"creek\"]}, {\"at\": [1, 0], \"toward\": [-1, 0], \"features\": [\"road\"]}]}",
    WB_FORMAT_ERROR_DUPLICATE, "$.hexsides[1]" },
  { HEAD "\"hexes\": [" HEX0 ", " HEX1 "], \"hexsides\": [{\"at\": [0, 0], \"toward\": [1, 0]}]}",
    WB_FORMAT_ERROR_MISSING, "$.hexsides[0].features" },
  { HEAD "\"hexes\": [" HEX0 "], \"hexes\": [" HEX0 "]}", WB_FORMAT_ERROR_SYNTAX, "Map clip" },
  { HEAD "\"anchor\": [2, 3]}", WB_FORMAT_ERROR_SYNTAX, "Map clip" },
};

START_TEST (test_malformed_clips)
{
  const Bad *bad = &bad_clips[_i];
  g_autoptr(GError) error = NULL;
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_json (bad->text, -1, &error);

  ck_assert_msg (clip == NULL, "accepted: %s", bad->text);
  ck_assert_msg (g_error_matches (error, WB_FORMAT_ERROR, bad->code),
                 "%s: expected code %d, got %s", bad->text, bad->code,
                 error ? error->message : "none");
  ck_assert_msg (strstr (error->message, bad->needle) != NULL,
                 "%s: message “%s” lacks “%s”", bad->text, error->message, bad->needle);
}
END_TEST

/* A valid hand-written clip, and the mirrored hexside form. */
START_TEST (test_minimal_clip)
{
  const char *text = HEAD "\"hexes\": [" HEX0 ", " HEX1 "], \"hexsides\": [{\"at\": [1, 0], "
                     "\"toward\": [-1, 0], \"features\": [\"creek\"]}]}";
  g_autoptr(GError) error = NULL;
  g_autoptr(WbHexClip) clip = wb_hex_clip_new_from_json (text, -1, &error);
  g_autoptr(WbGame) game = new_game (layouts[0]);
  g_autoptr(WbCommand) cmd = NULL;
  WbHexMap *map = game_map (game);
  WbOffset b;

  ck_assert_msg (clip != NULL, "%s", error ? error->message : "");
  ck_assert_uint_eq (wb_hex_clip_get_n_hexes (clip), 2);
  ck_assert (wb_offset_equal (wb_hex_clip_get_anchor (clip), off (2, 3)));
  cmd = wb_command_paste_region_new (game, map, clip, off (4, 4));
  ck_assert (wb_command_apply (cmd, NULL));
  b = wb_hex_axial_to_offset (layouts[0], (WbAxial) {
    wb_hex_offset_to_axial (layouts[0], off (4, 4)).q + 1,
    wb_hex_offset_to_axial (layouts[0], off (4, 4)).r });
  ck_assert_str_eq (wb_hex_map_get_terrain (map, b), "forest");
  ck_assert (wb_hex_map_has_side_feature (map, off (4, 4), wb_hex_direction_to (layouts[0], off (4, 4), b),
                                          "creek"));
}
END_TEST

static Suite *
region_suite (void)
{
  Suite *s = suite_create ("hex-region");
  TCase *tc = tcase_create ("region");

  tcase_add_loop_test (tc, test_copy_paste_round_trip, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_json_round_trip, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_paste_clipped, 0, G_N_ELEMENTS (layouts));
  tcase_add_test (tc, test_paste_unknown_ids);
  tcase_add_loop_test (tc, test_clear_region, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_move_region, 0, G_N_ELEMENTS (layouts));
  tcase_add_loop_test (tc, test_malformed_clips, 0, G_N_ELEMENTS (bad_clips));
  tcase_add_test (tc, test_minimal_clip);
  suite_add_tcase (s, tc);
  return s;
}

int
main (void)
{
  SRunner *runner = srunner_create (region_suite ());
  int failed;

  srunner_run_all (runner, CK_NORMAL);
  failed = srunner_ntests_failed (runner);
  srunner_free (runner);
  return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

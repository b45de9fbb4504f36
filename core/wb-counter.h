/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"

G_BEGIN_DECLS

/* How a game's counters look: the layout of the printed system. */
typedef enum {
  WB_COUNTER_STYLE_AUTO,          /* not stated: inferred from the rules family */
  WB_COUNTER_STYLE_SPI,           /* SPI: NATO box, "strength-movement" along the bottom */
  WB_COUNTER_STYLE_BLIND_SWORDS,  /* brigade colour band, "SP-weapon-CR", battleworn back */
  WB_COUNTER_STYLE_BLOCK,         /* Columbia block: strength on the edges, rotated per step */
  WB_COUNTER_STYLE_BG_CAMPAIGN,   /* B&G Campaign Series block: morale star, dice circle */
} WbCounterStyle;

/* The places on a counter an attribute can fill. */
typedef enum {
  WB_COUNTER_SLOT_MOVEMENT,       /* SPI: after the strength */
  WB_COUNTER_SLOT_WEAPON,         /* Blind Swords: between SP and CR */
  WB_COUNTER_SLOT_COHESION,       /* Blind Swords: the fresh side's CR */
  WB_COUNTER_SLOT_COHESION_WORN,  /* Blind Swords: the battleworn side's CR */
  WB_COUNTER_SLOT_FIREPOWER,      /* block: A2, C1 beside the strength */
  WB_COUNTER_SLOT_MORALE,         /* B&G: in the star, top left */
  WB_COUNTER_SLOT_DICE,           /* B&G: in the circle, top right */
  WB_COUNTER_SLOT_SCREEN,         /* B&G: a cavalry's screen number, bottom left */
  WB_COUNTER_N_SLOTS,
} WbCounterSlot;

/* A game's counter description. Slots hold interned attribute ids; NULL
 * means the slot's default id (wb_counter_slot_default_attr ()). */
typedef struct {
  WbCounterStyle  style;
  const char     *slots[WB_COUNTER_N_SLOTS];
  /* The printed side of a counter or block label, in points (version 9);
   * 0: the system's usual size (wb_print_counter_size ()). */
  double          size;
  char           *source;    /* where the size comes from ("reconstructed: …") */
} WbCounterSpec;

const char     *wb_counter_style_to_string        (WbCounterStyle style);
gboolean        wb_counter_style_from_string      (const char *s, WbCounterStyle *style);
const char     *wb_counter_slot_to_string         (WbCounterSlot slot);
gboolean        wb_counter_slot_from_string       (const char *s, WbCounterSlot *slot);
const char     *wb_counter_slot_default_attr      (WbCounterSlot slot);
/* The style a rules family's counters are printed in (SPI for an unknown one). */
WbCounterStyle  wb_counter_style_for_rules_family (const char *family);
/* @game's style, inferred when the file does not state one (never AUTO). */
WbCounterStyle  wb_counter_style_for_game         (WbGame *game);
/* Whether counters of @style stand face to their owner (blocks: Columbia,
 * the Blue & Gray Campaign Series), so each side sees only its own. */
gboolean        wb_counter_style_hides            (WbCounterStyle style);
/* The attribute id that fills @slot in @game (stated or default). */
const char     *wb_counter_slot_attr              (WbGame *game, WbCounterSlot slot);

G_END_DECLS

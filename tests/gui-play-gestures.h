/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-play-prompt.h"
#include "wb-window.h"

/* Makes the Wilderness (SPI) action @a through the play window as a person
 * would: clicks on the map (a unit, then its destination, retreat or
 * advance hex), the reserve's reinforcements, the prompt's picks and
 * buttons, the offered actions, the turn bar's End Step. */
void play_gesture (WbWindow *window, WbPlay *play, WbPlayPrompt *prompt, JsonObject *a);

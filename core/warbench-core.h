/* SPDX-License-Identifier: GPL-3.0-or-later */
#pragma once

#include "wb-types.h"
#include "wb-enums.h"
#include "wb-error.h"
#include "wb-hex.h"
#include "wb-records.h"
#include "wb-map.h"
#include "wb-hex-map.h"
#include "wb-point-map.h"
#include "wb-unit.h"
#include "wb-table.h"
#include "wb-scenario.h"
#include "wb-game.h"
#include "wb-format.h"
#include "wb-render.h"

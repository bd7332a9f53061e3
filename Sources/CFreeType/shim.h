#ifndef LAYERSCOPE_CFREETYPE_SHIM_H
#define LAYERSCOPE_CFREETYPE_SHIM_H

#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

/* Load flags for an anti-aliased bitmap with light (vertical-only) hinting; the macros do not import. */
static inline FT_Int32 cft_load_render_light(void) { return FT_LOAD_RENDER | FT_LOAD_TARGET_LIGHT; }

/* Load flags for a glyph's outline in font units, unhinted, never an embedded bitmap. */
static inline FT_Int32 cft_load_outline(void) { return FT_LOAD_NO_SCALE | FT_LOAD_NO_HINTING | FT_LOAD_NO_BITMAP; }

#endif

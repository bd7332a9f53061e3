/* libpng for Swift: libpng reports errors by longjmp, which Swift cannot catch, so every call that
 * may fail is wrapped here in a small C function that sets the jump point and returns an error code
 * with libpng's message instead. */
#include <png.h>
#include "png_reader.h"
#include "png_writer.h"

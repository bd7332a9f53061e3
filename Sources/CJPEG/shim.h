/* libjpeg-turbo for Swift: libjpeg reports errors by calling error_exit, which must not return, so
 * every call that may fail is wrapped here in a small C function that sets a jump point and returns
 * an error code with libjpeg's message instead. */
#include <stdio.h>
#include <jpeglib.h>
#include "jpeg_reader.h"

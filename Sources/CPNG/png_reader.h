/* Reading a PNG held in memory into 8-bit straight-alpha BGRA rows. */
#ifndef LAYERSCOPE_PNG_READER_H
#define LAYERSCOPE_PNG_READER_H

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/** Outcome of a reader call. */
enum {
    LSC_PNG_OK = 0,
    /** The data ended before the image did. */
    LSC_PNG_TRUNCATED = 1,
    /** libpng rejected the data; `message` says why. */
    LSC_PNG_CORRUPT = 2,
    /** libpng could not be set up (out of memory). */
    LSC_PNG_NO_MEMORY = 3,
};

/** One decode in progress: the libpng state, the input and the last error message. */
typedef struct {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    int truncated;
    char message[256];
    png_uint_32 width;
    png_uint_32 height;
    int bit_depth;
    int color_type;
    int interlaced;
    int passes;
} lsc_png_reader;

/* The error and warning handlers are alike lsc_png_writer's (png_writer.h) on purpose: libpng hands each one its
 * own state struct (reader or writer) behind the error pointer. */
static void lsc_png_reader_error(png_structp png, png_const_charp message) {
    lsc_png_reader *reader = (lsc_png_reader *)png_get_error_ptr(png);
    strncpy(reader->message, message ? message : "unknown libpng error", sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = 0;
    png_longjmp(png, 1);
}

static void lsc_png_reader_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void lsc_png_reader_read(png_structp png, png_bytep out, size_t length) {
    lsc_png_reader *reader = (lsc_png_reader *)png_get_io_ptr(png);
    if (length > reader->size - reader->offset) {
        reader->truncated = 1;
        png_error(png, "unexpected end of data");
    }
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static inline int lsc_png_reader_failure(lsc_png_reader *reader) {
    return reader->truncated ? LSC_PNG_TRUNCATED : LSC_PNG_CORRUPT;
}

/** A reader over `size` bytes at `data` (which must outlive it), or NULL when out of memory. */
static inline lsc_png_reader *lsc_png_reader_create(const void *data, size_t size) {
    lsc_png_reader *reader = (lsc_png_reader *)calloc(1, sizeof(lsc_png_reader));
    if (!reader) return NULL;
    reader->data = (const unsigned char *)data;
    reader->size = size;
    reader->png = png_create_read_struct(
        PNG_LIBPNG_VER_STRING, reader, lsc_png_reader_error, lsc_png_reader_warning);
    if (reader->png) reader->info = png_create_info_struct(reader->png);
    if (!reader->png || !reader->info) {
        png_destroy_read_struct(reader->png ? &reader->png : NULL, NULL, NULL);
        free(reader);
        return NULL;
    }
    png_set_read_fn(reader->png, reader, lsc_png_reader_read);
    /* Any size the format allows passes libpng; the caller checks the size against its own limit. */
    png_set_user_limits(reader->png, PNG_UINT_31_MAX, PNG_UINT_31_MAX);
    return reader;
}

/** Reads the signature and every chunk up to the image data; fills width, height, bit depth,
 *  colour type and interlacing. */
static inline int lsc_png_reader_read_header(lsc_png_reader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return lsc_png_reader_failure(reader);
    png_read_info(reader->png, reader->info);
    reader->width = png_get_image_width(reader->png, reader->info);
    reader->height = png_get_image_height(reader->png, reader->info);
    reader->bit_depth = png_get_bit_depth(reader->png, reader->info);
    reader->color_type = png_get_color_type(reader->png, reader->info);
    reader->interlaced = png_get_interlace_type(reader->png, reader->info) != PNG_INTERLACE_NONE;
    return LSC_PNG_OK;
}

/** Sets up the conversion of any colour type and bit depth to 8-bit straight-alpha B, G, R, A
 *  (16-bit samples scaled with rounding, no gamma correction) and checks the row size. */
static inline int lsc_png_reader_start_bgra8(lsc_png_reader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return lsc_png_reader_failure(reader);
    png_structp png = reader->png;
    png_infop info = reader->info;
    int has_trns = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
    png_set_expand(png);
    png_set_scale_16(png);
    if (!(reader->color_type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    if (!(reader->color_type & PNG_COLOR_MASK_ALPHA) && !has_trns) png_set_filler(png, 0xff, PNG_FILLER_AFTER);
    png_set_bgr(png);
    reader->passes = png_set_interlace_handling(png);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)reader->width * 4) png_error(png, "unexpected row layout");
    return LSC_PNG_OK;
}

/** Reads one row of the current interlace pass into `row` (width × 4 bytes). For interlaced
 *  images every row is read once per pass into the same memory, which libpng fills in step by step. */
static inline int lsc_png_reader_read_row(lsc_png_reader *reader, void *row) {
    if (setjmp(png_jmpbuf(reader->png))) return lsc_png_reader_failure(reader);
    png_read_row(reader->png, (png_bytep)row, NULL);
    return LSC_PNG_OK;
}

/** Reads the chunks after the image data up to IEND, checking their CRCs. */
static inline int lsc_png_reader_finish(lsc_png_reader *reader) {
    if (setjmp(png_jmpbuf(reader->png))) return lsc_png_reader_failure(reader);
    png_read_end(reader->png, NULL);
    return LSC_PNG_OK;
}

static inline void lsc_png_reader_destroy(lsc_png_reader *reader) {
    if (!reader) return;
    png_destroy_read_struct(&reader->png, &reader->info, NULL);
    free(reader);
}

static inline const char *lsc_png_reader_message(const lsc_png_reader *reader) { return reader->message; }

#endif

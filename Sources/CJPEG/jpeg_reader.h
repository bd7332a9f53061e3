/* Reading a JPEG held in memory, row by row, as 8-bit BGRA (alpha 255) or as CMYK. */
#ifndef LAYERSCOPE_JPEG_READER_H
#define LAYERSCOPE_JPEG_READER_H

#include <stdio.h>
#include <jpeglib.h>
#include <jerror.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

/** Outcome of a reader call. */
enum {
    LSC_JPEG_OK = 0,
    /** The data ended before the image did. */
    LSC_JPEG_TRUNCATED = 1,
    /** libjpeg rejected the data; `message` says why. */
    LSC_JPEG_CORRUPT = 2,
};

/** More scans than this in a progressive file is treated as corrupt: each scan costs a pass over the
 *  whole image, so a small hostile file could otherwise keep the decoder busy for minutes. */
#define LSC_JPEG_MAX_SCANS 1000

/** One decode in progress. `cinfo` comes first so that libjpeg's callbacks can find the reader. */
typedef struct {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr error;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int created;
    int truncated;
    char message[JMSG_LENGTH_MAX + 32];
} lsc_jpeg_reader;

static void lsc_jpeg_reader_fail(lsc_jpeg_reader *reader, const char *message) {
    strncpy(reader->message, message, sizeof reader->message - 1);
    reader->message[sizeof reader->message - 1] = 0;
    longjmp(reader->jump, 1);
}

static void lsc_jpeg_reader_error_exit(j_common_ptr cinfo) {
    char message[JMSG_LENGTH_MAX];
    (*cinfo->err->format_message)(cinfo, message);
    lsc_jpeg_reader_fail((lsc_jpeg_reader *)cinfo, message);
}

/* Warnings that mean the pixels would be wrong (missing or damaged data) stop the decode; the others
 * (an unknown JFIF version, stray bytes between markers) are ignored. */
static void lsc_jpeg_reader_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    int code = cinfo->err->msg_code;
    if (code == JWRN_JPEG_EOF) ((lsc_jpeg_reader *)cinfo)->truncated = 1;
    if (code == JWRN_JPEG_EOF || code == JWRN_HIT_MARKER || code == JWRN_MUST_RESYNC ||
        code == JWRN_NOT_SEQUENTIAL || code == JWRN_BOGUS_PROGRESSION || code == JWRN_HUFF_BAD_CODE ||
        code == JWRN_ARITH_BAD_CODE)
        lsc_jpeg_reader_error_exit(cinfo);
}

static void lsc_jpeg_reader_progress(j_common_ptr cinfo) {
    if (cinfo->is_decompressor && ((j_decompress_ptr)cinfo)->input_scan_number > LSC_JPEG_MAX_SCANS)
        lsc_jpeg_reader_fail((lsc_jpeg_reader *)cinfo, "too many progressive scans");
}

static inline int lsc_jpeg_reader_failure(lsc_jpeg_reader *reader) {
    return reader->truncated ? LSC_JPEG_TRUNCATED : LSC_JPEG_CORRUPT;
}

/** A reader over `size` (> 0) bytes at `data` (which must outlive it), or NULL when out of memory. */
static inline lsc_jpeg_reader *lsc_jpeg_reader_create(const void *data, size_t size) {
    lsc_jpeg_reader *reader = (lsc_jpeg_reader *)calloc(1, sizeof(lsc_jpeg_reader));
    if (!reader) return NULL;
    reader->cinfo.err = jpeg_std_error(&reader->error);
    reader->error.error_exit = lsc_jpeg_reader_error_exit;
    reader->error.emit_message = lsc_jpeg_reader_emit_message;
    if (setjmp(reader->jump)) {
        if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
        free(reader);
        return NULL;
    }
    jpeg_create_decompress(&reader->cinfo);
    reader->created = 1;
    reader->progress.progress_monitor = lsc_jpeg_reader_progress;
    reader->cinfo.progress = &reader->progress;
    jpeg_mem_src(&reader->cinfo, (const unsigned char *)data, (unsigned long)size);
    /* Keep APP1 segments, where Exif stores the orientation. */
    jpeg_save_markers(&reader->cinfo, JPEG_APP0 + 1, 0xFFFF);
    return reader;
}

/** Reads the markers up to the first scan: image size, components and colour space. */
static inline int lsc_jpeg_reader_read_header(lsc_jpeg_reader *reader) {
    if (setjmp(reader->jump)) return lsc_jpeg_reader_failure(reader);
    jpeg_read_header(&reader->cinfo, TRUE);
    return LSC_JPEG_OK;
}

/** 1 when the file is CMYK or YCCK, which libjpeg can only hand out as CMYK. */
static inline int lsc_jpeg_reader_is_cmyk(const lsc_jpeg_reader *reader) {
    return reader->cinfo.jpeg_color_space == JCS_CMYK || reader->cinfo.jpeg_color_space == JCS_YCCK;
}

/** 1 when an Adobe APP14 marker was seen: Adobe's CMYK files store inverted ink values. */
static inline int lsc_jpeg_reader_saw_adobe_marker(const lsc_jpeg_reader *reader) {
    return reader->cinfo.saw_Adobe_marker ? 1 : 0;
}

/** Starts decompression to 4 bytes a pixel: B, G, R, 255 — or C, M, Y, K for CMYK files. */
static inline int lsc_jpeg_reader_start(lsc_jpeg_reader *reader) {
    if (setjmp(reader->jump)) return lsc_jpeg_reader_failure(reader);
    reader->cinfo.out_color_space = lsc_jpeg_reader_is_cmyk(reader) ? JCS_CMYK : JCS_EXT_BGRA;
    jpeg_start_decompress(&reader->cinfo);
    if (reader->cinfo.output_components != 4) lsc_jpeg_reader_fail(reader, "unexpected output layout");
    return LSC_JPEG_OK;
}

/** Decodes the next row into `row` (width × 4 bytes). */
static inline int lsc_jpeg_reader_read_row(lsc_jpeg_reader *reader, void *row) {
    if (setjmp(reader->jump)) return lsc_jpeg_reader_failure(reader);
    JSAMPROW rows[1] = {(JSAMPROW)row};
    if (jpeg_read_scanlines(&reader->cinfo, rows, 1) != 1) lsc_jpeg_reader_fail(reader, "no scanline decoded");
    return LSC_JPEG_OK;
}

/** Reads the rest of the file up to the end-of-image marker. */
static inline int lsc_jpeg_reader_finish(lsc_jpeg_reader *reader) {
    if (setjmp(reader->jump)) return lsc_jpeg_reader_failure(reader);
    jpeg_finish_decompress(&reader->cinfo);
    return LSC_JPEG_OK;
}

static inline void lsc_jpeg_reader_destroy(lsc_jpeg_reader *reader) {
    if (!reader) return;
    if (reader->created) jpeg_destroy_decompress(&reader->cinfo);
    free(reader);
}

/** The first saved marker (APP1 segments, after `lsc_jpeg_reader_read_header`), or NULL. */
static inline jpeg_saved_marker_ptr lsc_jpeg_reader_markers(const lsc_jpeg_reader *reader) {
    return reader->cinfo.marker_list;
}

static inline unsigned lsc_jpeg_reader_width(const lsc_jpeg_reader *reader) { return reader->cinfo.image_width; }
static inline unsigned lsc_jpeg_reader_height(const lsc_jpeg_reader *reader) { return reader->cinfo.image_height; }
static inline const char *lsc_jpeg_reader_message(const lsc_jpeg_reader *reader) { return reader->message; }

#endif

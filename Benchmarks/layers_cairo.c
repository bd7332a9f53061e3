/* The cairo side of Benchmarks/layers_bench.py: draws the same frames as `layerscope bench` does for a
 * generated layer scene, in C against libcairo, and prints one line in the bench's own format.
 *
 *   layers_cairo KIND COUNT WIDTH HEIGHT FRAMES REPEATING PICTURE.png
 *   layers_cairo picture PICTURE.png      (writes the scenes' opaque 40x40 picture)
 *
 * KIND is squares, discs or pictures. Layer k sits where the generator put it (the same seeded
 * formula, layers_bench.py's `placement`), 40x40, opacity 0.8 (pictures opaque), and moves by
 * position.x from x to x + 100 over 2 s (linear; autoreversing when REPEATING is 1, one cycle of 4 s).
 * Frame i is at time T * i / (FRAMES - 1) over the scene's natural length T. Each frame clears the
 * surface to transparent black, then draws every layer in order. */
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { SIZE = 40, TRAVEL = 100 };

/* The generator's placement: a 64-bit LCG per layer (Knuth's MMIX constants). */
static void placement(int k, int width, int height, double *x, double *y, double rgb[3]) {
    uint64_t s = (uint64_t)k * 6364136223846793005ULL + 1442695040888963407ULL;
    double u[5];
    for (int i = 0; i < 5; i++) {
        s = s * 6364136223846793005ULL + 1442695040888963407ULL;
        u[i] = (double)(s >> 11) / 9007199254740992.0;
    }
    *x = 20 + u[0] * (width - 2 * SIZE - TRAVEL) + 0.25;
    *y = 20 + u[1] * (height - 2 * SIZE) + 0.5;
    rgb[0] = (double)(int)(u[2] * 255) / 255;
    rgb[1] = (double)(int)(u[3] * 255) / 255;
    rgb[2] = (double)(int)(u[4] * 255) / 255;
}

/* now_ms and compare are also in particles_cairo.c, on purpose: each program is one
 * file compiled alone by its script. */
static double now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int compare(const void *a, const void *b) {
    double d = *(const double *)a - *(const double *)b;
    return d < 0 ? -1 : d > 0;
}

/* The opaque 40x40 picture of the pictures scenes: a diagonal gradient. */
static int write_picture(const char *path) {
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, SIZE, SIZE);
    cairo_t *cr = cairo_create(surface);
    cairo_pattern_t *gradient = cairo_pattern_create_linear(0, 0, SIZE, SIZE);
    cairo_pattern_add_color_stop_rgb(gradient, 0, 0.9, 0.3, 0.1);
    cairo_pattern_add_color_stop_rgb(gradient, 1, 0.1, 0.4, 0.9);
    cairo_set_source(cr, gradient);
    cairo_paint(cr);
    return cairo_surface_write_to_png(surface, path) == CAIRO_STATUS_SUCCESS ? 0 : 1;
}

int main(int argc, char **argv) {
    if (argc == 3 && strcmp(argv[1], "picture") == 0) return write_picture(argv[2]);
    if (argc != 8) {
        fprintf(stderr, "usage: layers_cairo KIND COUNT WIDTH HEIGHT FRAMES REPEATING PICTURE.png\n");
        return 64;
    }
    const char *kind = argv[1];
    int count = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]), frames = atoi(argv[5]);
    int repeating = atoi(argv[6]);
    cairo_surface_t *picture = cairo_image_surface_create_from_png(argv[7]);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(surface);
    double *xs = malloc(sizeof(double) * count), *ys = malloc(sizeof(double) * count);
    double *colors = malloc(sizeof(double) * 3 * count), *samples = malloc(sizeof(double) * frames);
    for (int k = 0; k < count; k++) placement(k, width, height, &xs[k], &ys[k], &colors[3 * k]);
    double length = repeating ? 4.0 : 2.0;
    for (int i = 0; i < frames; i++) {
        double t = frames == 1 ? 0 : length * i / (frames - 1);
        double start = now_ms();
        double p = repeating ? (t <= 2 ? t / 2 : 2 - t / 2) : fmin(t / 2, 1);
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_rgba(cr, 0, 0, 0, 0);
        cairo_paint(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_OVER);
        for (int k = 0; k < count; k++) {
            double x = xs[k] + TRAVEL * p, y = ys[k];
            const double *c = &colors[3 * k];
            if (strcmp(kind, "squares") == 0) {
                cairo_set_source_rgba(cr, c[0], c[1], c[2], 0.8);
                cairo_rectangle(cr, x - SIZE / 2.0, y - SIZE / 2.0, SIZE, SIZE);
                cairo_fill(cr);
            } else if (strcmp(kind, "discs") == 0) {
                cairo_set_source_rgba(cr, c[0], c[1], c[2], 0.8);
                cairo_new_path(cr);
                cairo_arc(cr, x, y, SIZE / 2.0, 0, 2 * M_PI);
                cairo_fill(cr);
            } else {
                cairo_set_source_surface(cr, picture, x - SIZE / 2.0, y - SIZE / 2.0);
                cairo_paint(cr);
            }
        }
        cairo_surface_flush(surface);
        samples[i] = now_ms() - start;
    }
    qsort(samples, frames, sizeof(double), compare);
    int p95 = (int)ceil(frames * 0.95) - 1;
    printf("%s-%d %dx%d frames=%d median_ms=%.3f p95_ms=%.3f\n", kind, count, width, height, frames,
           samples[frames / 2], samples[p95 < frames ? p95 : frames - 1]);
    return 0;
}

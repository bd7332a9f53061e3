/* The cairo side of Tests/emitter-bench.sh: COUNT particles of the emitter's sprite drawn in C against
 * libcairo, the way assets/scenes/emitter.json's fountain draws them, and one line printed in
 * `layerscope bench`'s format.
 *
 *   particles_cairo SPRITE.png COUNT WIDTH HEIGHT FRAMES
 *
 * Each frame paints the background (#101018), then adds (CAIRO_OPERATOR_ADD) every particle: the
 * sprite (white, so its tinted picture is the tint colour through the sprite's alpha) centred on the
 * particle, scaled, turned, as a mask of the particle's colour (cairo_mask_surface), bilinear. The
 * particles are spread by a seeded formula over the fountain's area with the fountain's ranges (scale
 * 0.2-0.7, colour around #ffb347, alpha 0.3-1, any angle); they move a little each frame. */
#include <cairo.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

/* now_ms and compare are also in layers_cairo.c, on purpose: each program is one
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

static uint64_t state = 7;
static double uniform(void) {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return (double)(state >> 11) / 9007199254740992.0;
}

typedef struct { double x, y, scale, angle, r, g, b, a; } particle;

int main(int argc, char **argv) {
    if (argc != 6) {
        fprintf(stderr, "usage: particles_cairo SPRITE.png COUNT WIDTH HEIGHT FRAMES\n");
        return 64;
    }
    cairo_surface_t *sprite = cairo_image_surface_create_from_png(argv[1]);
    if (cairo_surface_status(sprite) != CAIRO_STATUS_SUCCESS) {
        fprintf(stderr, "particles_cairo: cannot read %s\n", argv[1]);
        return 1;
    }
    int count = atoi(argv[2]), width = atoi(argv[3]), height = atoi(argv[4]), frames = atoi(argv[5]);
    double half_w = cairo_image_surface_get_width(sprite) / 2.0, half_h = cairo_image_surface_get_height(sprite) / 2.0;
    particle *particles = malloc(sizeof(particle) * (size_t)count);
    for (int k = 0; k < count; k++) {
        particle *p = &particles[k];
        p->x = width / 2.0 + (uniform() - 0.5) * width * 0.42;
        p->y = height * 0.23 + uniform() * height * 0.68;
        p->scale = 0.2 + uniform() * 0.5;
        p->angle = uniform() * 2 * M_PI;
        p->r = 1;
        p->g = fmin(1, 0xb3 / 255.0 + (uniform() - 0.5) * 0.6);
        p->b = 0x47 / 255.0;
        p->a = 0.3 + uniform() * 0.7;
    }
    cairo_surface_t *target = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    cairo_t *cr = cairo_create(target);
    double *times = malloc(sizeof(double) * (size_t)frames);
    for (int frame = -frames / 10; frame < frames; frame++) {
        double start = now_ms();
        cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE);
        cairo_set_source_rgb(cr, 0x10 / 255.0, 0x10 / 255.0, 0x18 / 255.0);
        cairo_paint(cr);
        cairo_set_operator(cr, CAIRO_OPERATOR_ADD);
        for (int k = 0; k < count; k++) {
            const particle *p = &particles[k];
            cairo_save(cr);
            cairo_translate(cr, p->x, p->y - frame * 0.5);
            cairo_rotate(cr, p->angle);
            cairo_scale(cr, p->scale, p->scale);
            cairo_set_source_rgba(cr, p->r, p->g, p->b, p->a);
            cairo_pattern_t *mask = cairo_pattern_create_for_surface(sprite);
            cairo_matrix_t m;
            cairo_matrix_init_translate(&m, half_w, half_h);
            cairo_pattern_set_matrix(mask, &m);
            cairo_pattern_set_filter(mask, CAIRO_FILTER_BILINEAR);
            cairo_mask(cr, mask);
            cairo_pattern_destroy(mask);
            cairo_restore(cr);
        }
        cairo_surface_flush(target);
        if (frame >= 0) times[frame] = now_ms() - start;
    }
    qsort(times, (size_t)frames, sizeof(double), compare);
    int p95 = (int)ceil(frames * 0.95) - 1;
    printf("cairo-particles %dx%d particles=%d frames=%d median_ms=%.3f p95_ms=%.3f\n", width, height, count, frames,
           times[frames / 2], times[p95 < 0 ? 0 : p95]);
    return 0;
}

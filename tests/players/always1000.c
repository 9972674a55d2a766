/* always1000 as a program, for the pipe benchmark and tests: T/R yen each
   round (T, R from YEN_TOTAL, YEN_ROUNDS; 10000, 10 by default), the rest
   in the last round. argv[1] = number of matches. */
#include <stdio.h>
#include <stdlib.h>

static long env_or(const char *name, long fallback) {
    const char *v = getenv(name);
    return v ? atol(v) : fallback;
}

int main(int argc, char **argv) {
    long matches = argc > 1 ? atol(argv[1]) : 1;
    long total = env_or("YEN_TOTAL", 10000), rounds = env_or("YEN_ROUNDS", 10);
    long opponent;
    for (long m = 0; m < matches; m++) {
        long left = total;
        for (long r = 1; r <= rounds; r++) {
            long bet = r == rounds ? left : total / rounds;
            left -= bet;
            printf("%ld\n", bet);
            fflush(stdout);
            if (scanf("%ld", &opponent) != 1) return 0;
        }
    }
    return 0;
}

/* minus1 as a program: 0 first, then the opponent's previous bet minus one
   (at least 0, at most the money left), the rest in the last round.
   argv[1] = number of matches; T, R from YEN_TOTAL, YEN_ROUNDS. */
#include <stdio.h>
#include <stdlib.h>

static long env_or(const char *name, long fallback) {
    const char *v = getenv(name);
    return v ? atol(v) : fallback;
}

int main(int argc, char **argv) {
    long matches = argc > 1 ? atol(argv[1]) : 1;
    long total = env_or("YEN_TOTAL", 10000), rounds = env_or("YEN_ROUNDS", 10);
    long opponent = 0;
    for (long m = 0; m < matches; m++) {
        long left = total;
        for (long r = 1; r <= rounds; r++) {
            long bet;
            if (r == rounds) bet = left;
            else if (r == 1) bet = 0;
            else bet = opponent > 0 ? opponent - 1 : 0;
            if (bet > left) bet = left;
            left -= bet;
            printf("%ld\n", bet);
            fflush(stdout);
            if (scanf("%ld", &opponent) != 1) return 0;
        }
    }
    return 0;
}

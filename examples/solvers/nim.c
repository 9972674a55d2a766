/* Nim by Bouton's theorem (document 002): a position is lost for the
 * player to move exactly when the piles' XOR is 0. One line per position:
 * piles as digits (`735`) or separated by commas (`10,3,4`); answers
 * `win` or `loss`. Standard output is fully buffered when it is a pipe,
 * so the answers go out in large writes.
 *
 *     cc -O2 -o nim_c nim.c
 *     solved-games check nim cmd:./nim_c --bench
 */
#include <stdio.h>
#include <string.h>

int main(void) {
    static char line[1 << 16];
    while (fgets(line, sizeof line, stdin)) {
        unsigned long x = 0, pile = 0;
        int commas = strchr(line, ',') != NULL;
        for (char *c = line; *c && *c != '\n'; c++) {
            if (*c >= '0' && *c <= '9') {
                if (commas) {
                    pile = pile * 10 + (unsigned long)(*c - '0');
                } else {
                    x ^= (unsigned long)(*c - '0');
                }
            } else if (*c == ',') {
                x ^= pile;
                pile = 0;
            }
        }
        if (commas) {
            x ^= pile;
        }
        fputs(x ? "win\n" : "loss\n", stdout);
    }
    return 0;
}

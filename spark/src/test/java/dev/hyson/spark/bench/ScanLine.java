package dev.hyson.spark.bench;

import dev.hyson.internal.scan.Backends;
import dev.hyson.internal.scan.ReadConfig;
import dev.hyson.internal.scan.Scanner;
import dev.hyson.internal.tape.Tape;
import java.nio.file.Files;
import java.nio.file.Path;

/** ns per line for one backend scanning the first lines of a file over and over. Arguments: file, backend. */
public final class ScanLine {
    private ScanLine() {
    }

    public static void main(String[] args) throws Exception {
        byte[] all = Files.readAllBytes(Path.of(args[0]));
        int end = 0;
        int[] starts = new int[1001];
        int n = 0;
        for (int i = 0; i < all.length && n < 1000; i++) {
            if (all[i] == '\n') {
                starts[++n] = i + 1;
            }
        }
        Scanner s = Backends.select(args[1]).scanner();
        ReadConfig cfg = dev.hyson.spark.ReaderProbe.scanConfig();
        Tape tape = new Tape();
        for (int round = 0; round < 5; round++) {
            long t0 = System.nanoTime();
            long bytes = 0;
            for (int rep = 0; rep < 300; rep++) {
                for (int k = 0; k < n; k++) {
                    tape.reset(starts[k + 1] - 1 - starts[k]);
                    s.scan(all, starts[k], starts[k + 1] - 1, cfg, tape);
                    bytes += starts[k + 1] - 1 - starts[k];
                }
            }
            double sec = (System.nanoTime() - t0) / 1e9;
            System.out.printf("%s %s: %.0f ns/line, %.0f MB/s%n", args[1], s.kernel(), sec * 1e9 / (300.0 * n), bytes / sec / 1e6);
        }
    }
}

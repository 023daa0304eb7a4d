package dev.hyson.spark;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

/** Generated JSON Lines files for the tests: every type the source reads, and malformed lines. */
final class GeneratedLines {
    /** The schema of {@link #clean} and {@link #messy} lines. */
    static final String SCHEMA = "s STRING, l BIGINT, i INT, sh SMALLINT, b TINYINT, f FLOAT, d DOUBLE, dec DECIMAL(12,3),"
            + " flag BOOLEAN, day DATE, ts TIMESTAMP, bin BINARY, tags ARRAY<STRING>, nums ARRAY<BIGINT>,"
            + " attrs MAP<STRING,INT>, user STRUCT<id: BIGINT, name: STRING, geo: STRUCT<lat: DOUBLE, lon: DOUBLE>>,"
            + " events ARRAY<STRUCT<kind: STRING, at: TIMESTAMP>>";

    private static final String[] STRINGS = {
        "plain", "", "with \\\"quotes\\\" and \\\\ backslash", "tab\\there\\nnewline", "caf\u00e9 \u4e2d\u6587 \ud83d\ude00",
        "escaped \\u00e9\\u4e2d \\ud83d\\ude00", "latin1 \\u00ff\\u00e0", "a much longer string value that goes on "
                + "for a while so that lines pass the native threshold of two hundred fifty six bytes easily",
        "slash \\/ solidus", "ctl \\u0001\\u001f",
    };

    private GeneratedLines() {
    }

    /** One clean line: every value in its column's type, some null or missing, members in varying order. */
    static String clean(Random r) {
        List<String> m = new ArrayList<>();
        maybe(r, m, "s", "\"" + STRINGS[r.nextInt(STRINGS.length)] + "\"");
        maybe(r, m, "l", Long.toString(r.nextInt(4) == 0 ? r.nextLong() : r.nextInt(100000) - 50000));
        maybe(r, m, "i", Integer.toString(r.nextInt()));
        maybe(r, m, "sh", Integer.toString(r.nextInt(65536) - 32768));
        maybe(r, m, "b", Integer.toString(r.nextInt(256) - 128));
        maybe(r, m, "f", pick(r, "1.5", "3.4028235e38", "-0.0", "1e-45", "7", "0.1", "16777217", "1.00000005960464477539062499",
                Float.toString(r.nextFloat() * 1000)));
        maybe(r, m, "d", pick(r, "1e-7", "-0.0", "-0", "123456789.123", "42", "9007199254740993", "2.2250738585072014e-308",
                "123456789012345678901234567890", Double.toString(r.nextGaussian() * 1e6)));
        maybe(r, m, "dec", pick(r, "12345.678", "0.0005", "-1.2345", "999999999.9994", "7", "1e3", "1.5E-2"));
        maybe(r, m, "flag", r.nextBoolean() ? "true" : "false");
        maybe(r, m, "day", "\"" + (2000 + r.nextInt(30)) + "-0" + (1 + r.nextInt(9)) + "-1" + r.nextInt(10) + "\"");
        maybe(r, m, "ts", pick(r, "\"2024-03-01T12:34:56.789Z\"", "\"2024-03-01T12:34:56+02:00\"", "\"2021-12-31T23:59:59\"",
                "\"2024-03-01 10:00:00\"", Long.toString(1_700_000_000L + r.nextInt(1_000_000))));
        byte[] bin = new byte[r.nextInt(20)];
        r.nextBytes(bin);
        maybe(r, m, "bin", "\"" + Base64.getEncoder().encodeToString(bin) + "\"");
        maybe(r, m, "tags", "[" + String.join(",", Collections.nCopies(r.nextInt(4), "\"t" + r.nextInt(9) + "\"")) + "]");
        maybe(r, m, "nums", r.nextInt(5) == 0 ? "[1,null,3]" : "[" + r.nextInt(1000) + "," + r.nextLong() + "]");
        maybe(r, m, "attrs", r.nextInt(5) == 0 ? "{\"a\":1,\"a\":2,\"b\":null}" : "{\"x\":" + r.nextInt(100) + ",\"y\":-1}");
        maybe(r, m, "user", "{\"id\":" + r.nextInt(1_000_000) + ",\"name\":\"u" + r.nextInt(100) + "\",\"extra\":{\"deep\":[1,{\"x\":[]}]},"
                + "\"geo\":" + (r.nextInt(4) == 0 ? "null" : "{\"lon\":" + (r.nextDouble() * 360 - 180) + ",\"lat\":" + (r.nextDouble() * 180 - 90) + "}")
                + "}");
        maybe(r, m, "events", "[{\"kind\":\"click\",\"at\":\"2024-01-0" + (1 + r.nextInt(9)) + "T00:00:00Z\"},{\"kind\":\"view\"}]");
        maybe(r, m, "unknown", "{\"nested\":[1,2,{\"a\":\"b\"}],\"s\":\"not the column\"}");
        maybe(r, m, "other", "[true,false,null,1.5,\"x\"]");
        if (r.nextInt(10) == 0) {
            m.add("\"s\":\"repeated name, the last wins\"");
        }
        Collections.shuffle(m.subList(0, Math.min(m.size(), r.nextInt(3) == 0 ? m.size() : 0)), r);
        return "{" + String.join(",", m) + "}";
    }

    /** Lines Spark reads with one of its leniencies, as a bad record, or as no row; hyson must agree on each. */
    static final String[] MESSY = {
        "{\"i\":\"12\"}",                       // a number in a string: bad record for an int
        "{\"l\":1.5}",                          // a float for a long
        "{\"i\":3000000000}",                   // out of int range
        "{\"b\":200}",                          // Jackson accepts bytes up to 255
        "{\"b\":300}",
        "{\"sh\":40000}",
        "{\"flag\":\"true\"}",
        "{\"day\":\"not a date\"}",
        "{\"day\":\"2024-3-1\"}",
        "{\"day\":\"\"}",
        "{\"ts\":\"2024-03-01T12:34:56.123456789Z\"}",
        "{\"ts\":\"yesterday\"}",
        "{\"d\":\"NaN\"}",
        "{\"d\":\"-Infinity\"}",
        "{\"f\":\"+INF\"}",
        "{\"d\":NaN}",
        "{\"d\":1e400}",
        "{\"dec\":\"12.5\"}",
        "{\"dec\":12345678901.5}",                // too many digits for DECIMAL(12,3)
        "{\"s\":'single quotes'}",
        "{'s':\"single-quoted name\"}",
        "{\"s\":123}",                          // a number in a string column: its text
        "{\"s\":{\"an\":\"object\"}}",
        "{\"s\":[1,2]}",
        "{\"tags\":\"not an array\"}",
        "{\"user\":[1]}",
        "{\"attrs\":{\"k\":\"v\"}}",
        "{\"bin\":\"not base64!\"}",
        "{\"bin\":\"QUJD\"}",
        "{\"bin\":\"QUI\"}",
        "{\"s\":\"truncated",
        "{\"s\":\"x\"} trailing",
        "{\"s\":\"x\"}{\"s\":\"y\"}",
        "[{\"s\":\"array row 1\"},{\"s\":\"array row 2\"}]",
        "[]",
        "42",
        "\"just a string\"",
        "null",
        "",
        "   ",
        "{}",
        "{\"s\":\"lone \\ud800 surrogate\"}",
        "{\"i\":5,\"\\ud800\":1,\"d\":1.0}",                      // a lone surrogate in a name Spark skips: a bad record
        "{\"i\":5,\"zz\":{\"q\":[\"\\udc00\",{\"\\ud800\":1}]},\"d\":1.0}",  // ... in a name nested in a skipped value
        "{\"i\":5,\"zz\":[\"\\ud800 in a skipped value\"],\"d\":1.0}",
        "{\"s\":\"bad escape \\x\"}",
        "{\"i\":01}",
        "{\"i\":-}",
        "{\"i\":1,}",
        "{\"s\":\"ctl \u0001 raw\"}",
        "{\"user\":{\"id\":1,\"geo\":{\"lat\":\"north\"}}}",
        "{\"events\":[{\"kind\":\"k\",\"at\":\"bad\"}]}",
        "{\"nums\":[1,\"2\"]}",
        "{\"_corrupt_record\":\"given in the record\"}",
        "{\"i\":2,\"zz\":{\"" + "n".repeat(50_001) + "\":1}}",       // a name past Jackson's 50,000 in a skipped value
        "{\"i\":3,\"attrs\":{\"" + "k".repeat(50_001) + "\":1}}",    // ... as a map key
        "{\"i\":4,\"s\":\"" + "v".repeat(60_000) + "\"}",            // a long value is fine
        "{\"i\":4,\"" + "\\u00e9".repeat(50_001) + "\":1}",          // an escaped name past the limit
        "{\"i\":4,\"" + "\\u00e9".repeat(25_001) + "\":1}",          // 25,001 chars, 50,002 UTF-8 bytes: past it too
        "{\"i\":4,\"zz\":{\"" + "\\u20ac".repeat(16_667) + "\":1}}",  // 16,667 chars, 50,001 bytes, in a skipped value
        "{\"s\":\"first\",\"i\":7,\"s\":\"second\"}",   // a pushed filter on s sees "first"; the row, without one, "second"
        "{\"i\":-7,\"s\":\"filtered\", broken after the filtered member",
        "{\"S\":\"names differ in case only\",\"L\":5,\"User\":{\"ID\":1}}",
        "{\"s\":\"\",\"tags\":[],\"attrs\":{},\"user\":{},\"events\":[{}]}",
        "{\"d\":1E2,\"f\":-1.5e-3,\"dec\":-0.000,\"l\":-0,\"i\":-2147483648,\"sh\":-32768,\"b\":-128}",
    };

    /**
     * Writes {@code n} clean lines, the messy ones among them when {@code messy}, with LF, CRLF and CR
     * endings mixed in.
     */
    static Path write(Path file, int n, long seed, boolean messy, boolean crlf) throws IOException {
        Random r = new Random(seed);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int nextMessy = 0;
        for (int k = 0; k < n; k++) {
            String line = clean(r);
            if (messy && nextMessy < MESSY.length && r.nextInt(4) == 0) {
                line = MESSY[nextMessy++];
            }
            out.write(line.getBytes(StandardCharsets.UTF_8));
            if (messy && k % 97 == 13) {
                out.write(new byte[] {'{', '"', 's', '"', ':', '"', (byte) 0xC3, '"', '}', '\n'}); // invalid UTF-8
            }
            out.write(crlf && k % 3 == 0 ? "\r\n".getBytes(StandardCharsets.US_ASCII) : crlf && k % 7 == 1 ? new byte[] {'\r'}
                    : new byte[] {'\n'});
        }
        while (messy && nextMessy < MESSY.length) {
            out.write((MESSY[nextMessy++] + "\n").getBytes(StandardCharsets.UTF_8));
        }
        Files.write(file, out.toByteArray());
        return file;
    }

    static Path gzip(Path plain, Path gz) throws IOException {
        try (OutputStream o = new GZIPOutputStream(Files.newOutputStream(gz))) {
            Files.copy(plain, o);
        }
        return gz;
    }

    private static void maybe(Random r, List<String> members, String name, String value) {
        int roll = r.nextInt(12);
        if (roll == 0) {
            return; // missing
        }
        members.add("\"" + name + "\":" + (roll == 1 ? "null" : value));
    }

    private static String pick(Random r, String... values) {
        return values[r.nextInt(values.length)];
    }
}

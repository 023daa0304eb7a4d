package dev.hyson.internal.bind;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Fast paths for the text forms binding reads most, straight from a string's ASCII bytes in the
 * input with no {@code String} made: ISO-8601 dates and times in the forms their {@code toString}
 * writes (ISO 8601-1:2019 extended format: {@code 2024-02-29}, {@code 12:34:56.789},
 * {@code 2024-02-29T12:34:56Z}, offsets {@code ±HH:MM}), UUIDs (RFC 9562 section 4, 8-4-4-4-12 hex
 * digits) and decimals whose digits fit a {@code long}. Each returns null for any other form (a
 * five-digit year, an offset with seconds, a lower-case {@code t}...), and the caller then parses a
 * {@code String} with the JDK, so the accepted language and the results are the JDK's own; a
 * well-formed text with an impossible value (February 30) throws the JDK's
 * {@link java.time.DateTimeException}, as the JDK's parse would.
 */
final class IsoText {
    private IsoText() {
    }

    private static int d2(byte[] b, int p) {
        int a = b[p] - '0';
        int c = b[p + 1] - '0';
        return (a | c) < 0 || a > 9 || c > 9 ? -1 : a * 10 + c;
    }

    private static int d4(byte[] b, int p) {
        int hi = d2(b, p);
        int lo = d2(b, p + 2);
        return (hi | lo) < 0 ? -1 : hi * 100 + lo;
    }

    /** {@code YYYY-MM-DD}, or null. */
    static LocalDate date(byte[] b, int p, int len) {
        if (len != 10) {
            return null;
        }
        return dateAt(b, p);
    }

    private static LocalDate dateAt(byte[] b, int p) {
        int y = d4(b, p);
        int m = d2(b, p + 5);
        int d = d2(b, p + 8);
        if ((y | m | d) < 0 || b[p + 4] != '-' || b[p + 7] != '-') {
            return null;
        }
        return LocalDate.of(y, m, d);
    }

    /** The length of the time at {@code p} ({@code HH:MM}, {@code HH:MM:SS}, {@code HH:MM:SS.f} up to 9 digits) within {@code end}; its value in {@code out}; -1 if none. */
    private static int timeAt(byte[] b, int p, int end, long[] out) {
        if (end - p < 5 || b[p + 2] != ':') {
            return -1;
        }
        int h = d2(b, p);
        int mi = d2(b, p + 3);
        if ((h | mi) < 0) {
            return -1;
        }
        int s = 0;
        int nanos = 0;
        int q = p + 5;
        if (q < end && b[q] == ':') {
            if (end - q < 3) {
                return -1;
            }
            s = d2(b, q + 1);
            if (s < 0) {
                return -1;
            }
            q += 3;
            if (q < end && b[q] == '.') {
                q++;
                int digits = 0;
                while (q < end && digits < 9 && b[q] >= '0' && b[q] <= '9') {
                    nanos = nanos * 10 + (b[q] - '0');
                    q++;
                    digits++;
                }
                if (digits == 0 || (q < end && b[q] >= '0' && b[q] <= '9')) {
                    return -1;
                }
                for (int k = digits; k < 9; k++) {
                    nanos *= 10;
                }
            }
        }
        out[0] = h;
        out[1] = mi;
        out[2] = s;
        out[3] = nanos;
        return q - p;
    }

    private static LocalTime time(long[] t) {
        return LocalTime.of((int) t[0], (int) t[1], (int) t[2], (int) t[3]);
    }

    /** A time alone, or null. */
    static LocalTime localTime(byte[] b, int p, int len) {
        long[] t = new long[4];
        return timeAt(b, p, p + len, t) == len ? time(t) : null;
    }

    /** {@code date 'T' time}, or null. */
    static LocalDateTime localDateTime(byte[] b, int p, int len) {
        if (len < 16 || b[p + 10] != 'T') {
            return null;
        }
        long[] t = new long[4];
        if (timeAt(b, p + 11, p + len, t) != len - 11) {
            return null;
        }
        LocalDate d = dateAt(b, p);
        return d == null ? null : LocalDateTime.of(d, time(t));
    }

    /** {@code date 'T' time ('Z' | ±HH:MM)}, or null. */
    static OffsetDateTime offsetDateTime(byte[] b, int p, int len) {
        if (len < 17 || b[p + 10] != 'T') {
            return null;
        }
        long[] t = new long[4];
        int end = p + len;
        int tl = timeAt(b, p + 11, end, t);
        if (tl < 0) {
            return null;
        }
        ZoneOffset offset = offset(b, p + 11 + tl, end);
        if (offset == null) {
            return null;
        }
        LocalDate d = dateAt(b, p);
        return d == null ? null : OffsetDateTime.of(LocalDateTime.of(d, time(t)), offset);
    }

    /** {@code date 'T' time 'Z'}, or null. */
    static Instant instant(byte[] b, int p, int len) {
        if (len < 17 || b[p + len - 1] != 'Z' || b[p + 10] != 'T') {
            return null;
        }
        long[] t = new long[4];
        // ISO_INSTANT requires the seconds
        if (len < 20 || b[p + 13] != ':' || b[p + 16] != ':' || timeAt(b, p + 11, p + len - 1, t) != len - 12) {
            return null;
        }
        LocalDate d = dateAt(b, p);
        if (d == null) {
            return null;
        }
        LocalTime lt = time(t);
        return Instant.ofEpochSecond(d.toEpochDay() * 86400 + lt.toSecondOfDay(), lt.getNano());
    }

    private static ZoneOffset offset(byte[] b, int q, int end) {
        if (end - q == 1 && b[q] == 'Z') {
            return ZoneOffset.UTC;
        }
        if (end - q != 6 || (b[q] != '+' && b[q] != '-') || b[q + 3] != ':') {
            return null;
        }
        int h = d2(b, q + 1);
        int m = d2(b, q + 4);
        if ((h | m) < 0) {
            return null;
        }
        if (m % 15 == 0 && h < 18) {
            int quarters = h * 4 + m / 15;
            return QUARTER_HOURS[b[q] == '+' ? 72 + quarters : 72 - quarters];
        }
        return b[q] == '+' ? ZoneOffset.ofHoursMinutes(h, m) : ZoneOffset.ofHoursMinutes(-h, -m);
    }

    /**
     * The offsets from -18:00 to +18:00 in quarter hours, index 72 for UTC: every offset in use,
     * without {@code ZoneOffset.ofHoursMinutes}'s concurrent-map lookup (7% of reading a document of
     * timestamps, by profile).
     */
    private static final ZoneOffset[] QUARTER_HOURS = new ZoneOffset[145];

    static {
        for (int k = 0; k < QUARTER_HOURS.length; k++) {
            QUARTER_HOURS[k] = ZoneOffset.ofTotalSeconds((k - 72) * 900);
        }
    }

    /** The 8-4-4-4-12 form (either case), or null. */
    static UUID uuid(byte[] b, int p, int len) {
        if (len != 36 || b[p + 8] != '-' || b[p + 13] != '-' || b[p + 18] != '-' || b[p + 23] != '-') {
            return null;
        }
        long hi = 0;
        long lo = 0;
        for (int k = 0; k < 36; k++) {
            if (k == 8 || k == 13 || k == 18 || k == 23) {
                continue;
            }
            int c = b[p + k];
            int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
            if (v < 0) {
                return null;
            }
            if (k < 19) {
                hi = (hi << 4) | v;
            } else {
                lo = (lo << 4) | v;
            }
        }
        return new UUID(hi, lo);
    }

    /** @see dev.hyson.internal.number.NumberText#decimal(byte[], int, int) */
    static BigDecimal decimal(byte[] b, int p, int len) {
        return dev.hyson.internal.number.NumberText.decimal(b, p, len);
    }
}

package dev.hyson.internal.write;

import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.UUID;

/**
 * Writes the values binding reads most as text straight into the output, with no {@code String}
 * made: {@code UUID} (8-4-4-4-12 lower-case hex, as {@code UUID.toString}), {@code LocalDate},
 * {@code LocalTime}, {@code LocalDateTime}, {@code OffsetDateTime} and {@code Instant} (ISO-8601,
 * exactly as their {@code toString} writes them, for years 0 to 9999; other years go through
 * {@code toString}).
 */
final class Temporals {
    private static final byte[] HEX = "0123456789abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII);

    private Temporals() {
    }

    /** @return whether {@code v} was written; false for a type or range left to {@code toString} */
    static boolean write(JsonOutput out, Object v) {
        Class<?> c = v.getClass();
        if (c == UUID.class) {
            uuid(out, (UUID) v);
            return true;
        } else if (c == LocalDate.class) {
            LocalDate d = (LocalDate) v;
            if (!fits(d)) {
                return false;
            }
            out.ensure(12);
            int p = out.pos;
            out.buf[p] = '"';
            p = date(out.buf, p + 1, d);
            out.buf[p] = '"';
            out.pos = p + 1;
            return true;
        } else if (c == OffsetDateTime.class) {
            OffsetDateTime o = (OffsetDateTime) v;
            LocalDateTime t = o.toLocalDateTime();
            if (!fits(t.toLocalDate())) {
                return false;
            }
            out.ensure(48);
            int p = out.pos;
            out.buf[p] = '"';
            p = dateTime(out.buf, p + 1, t.toLocalDate(), t.toLocalTime(), false);
            p = offset(out.buf, p, o.getOffset());
            out.buf[p] = '"';
            out.pos = p + 1;
            return true;
        } else if (c == LocalDateTime.class) {
            LocalDateTime t = (LocalDateTime) v;
            if (!fits(t.toLocalDate())) {
                return false;
            }
            out.ensure(40);
            int p = out.pos;
            out.buf[p] = '"';
            p = dateTime(out.buf, p + 1, t.toLocalDate(), t.toLocalTime(), false);
            out.buf[p] = '"';
            out.pos = p + 1;
            return true;
        } else if (c == LocalTime.class) {
            out.ensure(24);
            int p = out.pos;
            out.buf[p] = '"';
            p = time(out.buf, p + 1, (LocalTime) v, false);
            out.buf[p] = '"';
            out.pos = p + 1;
            return true;
        } else if (c == Instant.class) {
            Instant i = (Instant) v;
            long s = i.getEpochSecond();
            // 0000-01-01T00:00:00Z .. 9999-12-31T23:59:59Z
            if (s < -62167219200L || s > 253402300799L) {
                return false;
            }
            LocalDateTime t = LocalDateTime.ofEpochSecond(s, i.getNano(), ZoneOffset.UTC);
            out.ensure(40);
            int p = out.pos;
            out.buf[p] = '"';
            p = dateTime(out.buf, p + 1, t.toLocalDate(), t.toLocalTime(), true);
            out.buf[p++] = 'Z';
            out.buf[p] = '"';
            out.pos = p + 1;
            return true;
        }
        return false;
    }

    private static boolean fits(LocalDate d) {
        int y = d.getYear();
        return y >= 0 && y <= 9999;
    }

    private static void uuid(JsonOutput out, UUID u) {
        out.ensure(38);
        byte[] b = out.buf;
        int p = out.pos;
        b[p] = '"';
        long hi = u.getMostSignificantBits();
        long lo = u.getLeastSignificantBits();
        hex(b, p + 1, hi >>> 32, 8);
        b[p + 9] = '-';
        hex(b, p + 10, hi >>> 16, 4);
        b[p + 14] = '-';
        hex(b, p + 15, hi, 4);
        b[p + 19] = '-';
        hex(b, p + 20, lo >>> 48, 4);
        b[p + 24] = '-';
        hex(b, p + 25, lo, 12);
        b[p + 37] = '"';
        out.pos = p + 38;
    }

    private static void hex(byte[] b, int p, long v, int digits) {
        for (int k = digits - 1; k >= 0; k--) {
            b[p + k] = HEX[(int) (v & 0xF)];
            v >>>= 4;
        }
    }

    private static int d2(byte[] b, int p, int v) {
        b[p] = (byte) ('0' + v / 10);
        b[p + 1] = (byte) ('0' + v % 10);
        return p + 2;
    }

    private static int date(byte[] b, int p, LocalDate d) {
        int y = d.getYear();
        p = d2(b, p, y / 100);
        p = d2(b, p, y % 100);
        b[p++] = '-';
        p = d2(b, p, d.getMonthValue());
        b[p++] = '-';
        return d2(b, p, d.getDayOfMonth());
    }

    private static int dateTime(byte[] b, int p, LocalDate d, LocalTime t, boolean seconds) {
        p = date(b, p, d);
        b[p++] = 'T';
        return time(b, p, t, seconds);
    }

    /** {@code HH:mm[:ss[.SSS|.SSSSSS|.SSSSSSSSS]]} as {@code LocalTime.toString}; with {@code seconds} always {@code :ss} (ISO_INSTANT). */
    private static int time(byte[] b, int p, LocalTime t, boolean seconds) {
        p = d2(b, p, t.getHour());
        b[p++] = ':';
        p = d2(b, p, t.getMinute());
        int s = t.getSecond();
        int n = t.getNano();
        if (seconds || s > 0 || n > 0) {
            b[p++] = ':';
            p = d2(b, p, s);
            if (n > 0) {
                b[p++] = '.';
                int digits;
                if (n % 1_000_000 == 0) {
                    n /= 1_000_000;
                    digits = 3;
                } else if (n % 1000 == 0) {
                    n /= 1000;
                    digits = 6;
                } else {
                    digits = 9;
                }
                for (int k = digits - 1; k >= 0; k--) {
                    b[p + k] = (byte) ('0' + n % 10);
                    n /= 10;
                }
                p += digits;
            }
        }
        return p;
    }

    private static int offset(byte[] b, int p, ZoneOffset o) {
        int total = o.getTotalSeconds();
        if (total == 0) {
            b[p] = 'Z';
            return p + 1;
        }
        int abs = Math.abs(total);
        b[p++] = (byte) (total < 0 ? '-' : '+');
        p = d2(b, p, abs / 3600);
        b[p++] = ':';
        p = d2(b, p, abs / 60 % 60);
        if (abs % 60 != 0) {
            b[p++] = ':';
            p = d2(b, p, abs % 60);
        }
        return p;
    }
}

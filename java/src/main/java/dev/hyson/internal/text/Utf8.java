package dev.hyson.internal.text;

/**
 * UTF-8 validation and decoding of single sequences, following the well-formed byte sequences of
 * the Unicode Standard, table 3-7 (RFC 3629 section 4): no overlong forms (C0, C1, E0 80..9F,
 * F0 80..8F), no encoded surrogates (ED A0..BF), nothing above U+10FFFF (F4 90.., F5..FF).
 */
public final class Utf8 {
    private Utf8() {
    }

    /**
     * Validates the multi-byte sequence whose lead byte is {@code b[i]} (a byte &gt;= 0x80).
     *
     * @return the index after the sequence, or -1 when the sequence is ill-formed or runs past
     *     {@code end}
     */
    public static int validate(byte[] b, int i, int end) {
        int b0 = b[i] & 0xFF;
        if (b0 < 0xC2) {
            return -1; // a continuation byte in lead position, or an overlong 2-byte lead
        }
        if (b0 < 0xE0) {
            return i + 1 < end && (b[i + 1] & 0xC0) == 0x80 ? i + 2 : -1;
        }
        if (b0 < 0xF0) {
            if (i + 2 >= end) {
                return -1;
            }
            int b1 = b[i + 1] & 0xFF;
            int lo = b0 == 0xE0 ? 0xA0 : 0x80;
            int hi = b0 == 0xED ? 0x9F : 0xBF;
            return b1 >= lo && b1 <= hi && (b[i + 2] & 0xC0) == 0x80 ? i + 3 : -1;
        }
        if (b0 < 0xF5) {
            if (i + 3 >= end) {
                return -1;
            }
            int b1 = b[i + 1] & 0xFF;
            int lo = b0 == 0xF0 ? 0x90 : 0x80;
            int hi = b0 == 0xF4 ? 0x8F : 0xBF;
            return b1 >= lo && b1 <= hi && (b[i + 2] & 0xC0) == 0x80 && (b[i + 3] & 0xC0) == 0x80 ? i + 4 : -1;
        }
        return -1;
    }

    /**
     * Decodes the sequence at {@code b[i]}, which {@link #validate} accepted ending at {@code next}.
     *
     * @return the code point
     */
    public static int decode(byte[] b, int i, int next) {
        int b0 = b[i] & 0xFF;
        switch (next - i) {
            case 2:
                return ((b0 & 0x1F) << 6) | (b[i + 1] & 0x3F);
            case 3:
                return ((b0 & 0x0F) << 12) | ((b[i + 1] & 0x3F) << 6) | (b[i + 2] & 0x3F);
            default:
                return ((b0 & 0x07) << 18) | ((b[i + 1] & 0x3F) << 12) | ((b[i + 2] & 0x3F) << 6) | (b[i + 3] & 0x3F);
        }
    }
}

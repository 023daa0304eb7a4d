package dev.hyson.msgpack;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * MessagePack header bytes: the str and ext headers whose size depends on the length, written at
 * a given index so a header can be placed before a payload that was written first.
 */
final class Headers {
    static final VarHandle LONG_BE = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle INT_BE = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle SHORT_BE = MethodHandles.byteArrayViewVarHandle(short[].class, ByteOrder.BIG_ENDIAN);
    /** Room reserved for an extension header whose payload length is not known yet (ext32). */
    static final int EXT_RESERVE = 6;

    private Headers() {
    }

    /** The size of a str header for {@code len} bytes: str8 is absent in compatibility mode. */
    static int strHeaderSize(int len, boolean compat) {
        if (len < 32) {
            return 1;
        }
        if (len < 256 && !compat) {
            return 2;
        }
        return len < 65536 ? 3 : 5;
    }

    static void putStrHeader(byte[] buf, int at, int size, int len) {
        switch (size) {
            case 1:
                buf[at] = (byte) (0xa0 | len);
                break;
            case 2:
                buf[at] = (byte) 0xd9;
                buf[at + 1] = (byte) len;
                break;
            case 3:
                buf[at] = (byte) 0xda;
                SHORT_BE.set(buf, at + 1, (short) len);
                break;
            default:
                buf[at] = (byte) 0xdb;
                INT_BE.set(buf, at + 1, len);
                break;
        }
    }

    static int extHeaderSize(int len) {
        switch (len) {
            case 1: case 2: case 4: case 8: case 16:
                return 2;
            default:
                return len < 256 ? 3 : len < 65536 ? 4 : 6;
        }
    }

    static void putExtHeader(byte[] b, int at, int size, byte type, int len) {
        if (size == 2) {
            int code;
            switch (len) {
                case 1: code = 0xd4; break;
                case 2: code = 0xd5; break;
                case 4: code = 0xd6; break;
                case 8: code = 0xd7; break;
                default: code = 0xd8; break;
            }
            b[at] = (byte) code;
            b[at + 1] = type;
        } else if (size == 3) {
            b[at] = (byte) 0xc7;
            b[at + 1] = (byte) len;
            b[at + 2] = type;
        } else if (size == 4) {
            b[at] = (byte) 0xc8;
            SHORT_BE.set(b, at + 1, (short) len);
            b[at + 3] = type;
        } else {
            b[at] = (byte) 0xc9;
            INT_BE.set(b, at + 1, len);
            b[at + 5] = type;
        }
    }

    /**
     * Encodes {@code s} as UTF-8 at {@code b[p]}, where there is room for 3 bytes per char: the payload
     * of a string-form extension (a symbol's name), written in place with no intermediate array. A
     * lone surrogate is written as {@code ?}, as {@code String.getBytes} does.
     */
    static int writeUtf8(String s, byte[] b, int p) {
        int n = s.length();
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b[p++] = (byte) c;
            } else if (c < 0x800) {
                b[p++] = (byte) (0xC0 | (c >> 6));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    b[p++] = (byte) (0xF0 | (cp >> 18));
                    b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
                    b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
                    b[p++] = (byte) (0x80 | (cp & 0x3F));
                } else {
                    b[p++] = '?';
                }
            } else {
                b[p++] = (byte) (0xE0 | (c >> 12));
                b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
                b[p++] = (byte) (0x80 | (c & 0x3F));
            }
        }
        return p;
    }
}

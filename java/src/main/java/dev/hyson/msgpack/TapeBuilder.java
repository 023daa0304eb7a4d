package dev.hyson.msgpack;

import dev.hyson.internal.bind.PackTape;
import dev.hyson.internal.tape.Tape;

/**
 * Scans one MessagePack value into a {@link Tape} (the layout {@link PackTape} describes), so that
 * binding reads MessagePack through the same codecs as JSON. Iterative (an explicit count stack),
 * with the factory's limits: depth, container sizes (each declared element takes at least a byte,
 * so no count may exceed the bytes left), str and bin lengths, and UTF-8 by its policy.
 */
final class TapeBuilder {
    private TapeBuilder() {
    }

    /**
     * @param f the factory (limits, UTF-8 policy)
     * @param b the input
     * @param off the first byte
     * @param len the number of bytes
     * @param tape the tape to fill (reset here)
     * @throws MessagePackException for invalid input, a limit, or bytes after the value
     */
    static void scan(MessagePackFactory f, byte[] b, int off, int len, Tape tape) {
        tape.reset(len);
        int end = off + len;
        int p = off;
        long[] stack = new long[16];
        int depth = 0;
        long need = 1; // values still owed by the open containers, for the byte-count check
        for (;;) {
            if (p >= end) {
                throw truncated(p, off);
            }
            int at = p;
            int u = b[p++] & 0xFF;
            long[] t = tape.ensure(2);
            int s = tape.size;
            long count = -1;
            boolean map = false;
            if (u <= 0x7f) {
                put(tape, t, s, Tape.INT64, at, u);
            } else if (u >= 0xe0) {
                put(tape, t, s, Tape.INT64, at, (byte) u);
            } else if (u <= 0x8f) {
                count = u & 0x0F;
                map = true;
            } else if (u <= 0x9f) {
                count = u & 0x0F;
            } else if (u <= 0xbf) {
                p = str(f, b, p, u & 0x1F, end, tape, at, off);
            } else {
                switch (u) {
                    case 0xc0:
                        t[s] = Tape.entry(Tape.NULL, at);
                        tape.size = s + 1;
                        break;
                    case 0xc2:
                        t[s] = Tape.entry(Tape.FALSE, at);
                        tape.size = s + 1;
                        break;
                    case 0xc3:
                        t[s] = Tape.entry(Tape.TRUE, at);
                        tape.size = s + 1;
                        break;
                    case 0xc4: case 0xc5: case 0xc6: {
                        int h = u == 0xc4 ? 1 : u == 0xc5 ? 2 : 4;
                        long n = be(b, p, h, end, off);
                        p += h;
                        if (n > end - p) {
                            throw declared(n, end - p, at, off);
                        }
                        if (n > f.maxBinaryLength) {
                            throw limit("bin of " + n + " bytes longer than maxBinaryLength (" + f.maxBinaryLength + ")", at, off);
                        }
                        put(tape, t, s, PackTape.BINARY, p, PackTape.binaryEntry(1 + h, n));
                        p += (int) n;
                        break;
                    }
                    case 0xc7: case 0xc8: case 0xc9: {
                        int h = u == 0xc7 ? 1 : u == 0xc8 ? 2 : 4;
                        long n = be(b, p, h, end, off);
                        p += h;
                        if (p >= end) {
                            throw truncated(end, off);
                        }
                        int type = b[p++];
                        if (n > end - p) {
                            throw declared(n, end - p, at, off);
                        }
                        t[s] = Tape.entry(PackTape.EXT, at);
                        t[s + 1] = PackTape.extEntry(2 + h, type, n);
                        tape.size = s + 2;
                        p += (int) n;
                        break;
                    }
                    case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8: {
                        int n = 1 << (u - 0xd4);
                        if (p + 1 + n > end) {
                            throw truncated(end, off);
                        }
                        int type = b[p++];
                        t[s] = Tape.entry(PackTape.EXT, at);
                        t[s + 1] = PackTape.extEntry(2, type, n);
                        tape.size = s + 2;
                        p += n;
                        break;
                    }
                    case 0xca:
                        put(tape, t, s, Tape.DOUBLE, 0, Double.doubleToRawLongBits(Float.intBitsToFloat((int) be(b, p, 4, end, off))));
                        t[s] = Tape.entry(Tape.DOUBLE, at | PackTape.FLOAT32);
                        p += 4;
                        break;
                    case 0xcb:
                        put(tape, t, s, Tape.DOUBLE, at, be(b, p, 8, end, off));
                        p += 8;
                        break;
                    case 0xcc: case 0xcd: case 0xce: {
                        int h = 1 << (u - 0xcc);
                        put(tape, t, s, Tape.INT64, at, be(b, p, h, end, off));
                        p += h;
                        break;
                    }
                    case 0xcf: {
                        long v = be(b, p, 8, end, off);
                        put(tape, t, s, v < 0 ? Tape.BIG_INTEGER : Tape.INT64, at, v);
                        p += 8;
                        break;
                    }
                    case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
                        int h = 1 << (u - 0xd0);
                        long v = be(b, p, h, end, off);
                        int shift = 64 - 8 * h;
                        put(tape, t, s, Tape.INT64, at, (v << shift) >> shift);
                        p += h;
                        break;
                    }
                    case 0xd9: case 0xda: case 0xdb: {
                        int h = u == 0xd9 ? 1 : u == 0xda ? 2 : 4;
                        long n = be(b, p, h, end, off);
                        p += h;
                        if (n > end - p) {
                            throw declared(n, end - p, at, off);
                        }
                        if (n > Integer.MAX_VALUE) {
                            throw limit("str of " + n + " bytes longer than maxStringLength (" + f.maxStringLength + ")", at, off);
                        }
                        p = str(f, b, p, (int) n, end, tape, at, off);
                        break;
                    }
                    case 0xdc: case 0xdd:
                        count = be(b, p, u == 0xdc ? 2 : 4, end, off);
                        p += u == 0xdc ? 2 : 4;
                        break;
                    case 0xde: case 0xdf:
                        count = be(b, p, u == 0xde ? 2 : 4, end, off);
                        p += u == 0xde ? 2 : 4;
                        map = true;
                        break;
                    default:
                        throw new MessagePackException(MessagePackException.Kind.INVALID_FORMAT,
                                "byte 0xc1 is never used in MessagePack", at - off);
                }
            }
            need--;
            if (count >= 0) {
                // what remains is checked first, then the limit, as MessageUnpacker does (the same kind either way)
                long values = map ? 2 * count : count;
                if (need + values > end - p) {
                    throw new MessagePackException(MessagePackException.Kind.TRUNCATED, count + " elements declared, only "
                            + (end - p) + " bytes remain", at - off);
                }
                if (count > f.maxContainerSize) {
                    throw limit((map ? "map of " : "array of ") + count + " entries larger than maxContainerSize ("
                            + f.maxContainerSize + ")", at, off);
                }
                put(tape, t, s, map ? Tape.OBJECT : Tape.ARRAY, at, count);
                if (values > 0) {
                    if (depth + 1 > f.maxDepth) {
                        throw limit("nesting deeper than maxDepth (" + f.maxDepth + ")", at, off);
                    }
                    if (++depth == stack.length) {
                        stack = java.util.Arrays.copyOf(stack, depth * 2);
                    }
                    stack[depth] = values;
                    need += values;
                    continue;
                }
            }
            // a value is complete: count it against the open containers
            while (depth > 0 && --stack[depth] == 0) {
                depth--;
            }
            if (depth == 0) {
                break;
            }
        }
        if (p != end) {
            throw new MessagePackException(MessagePackException.Kind.TRAILING_DATA,
                    (end - p) + " bytes after the value, where exactly one value was expected", p - off);
        }
    }

    private static void put(Tape tape, long[] t, int s, int tag, long payload, long e1) {
        t[s] = Tape.entry(tag, payload);
        t[s + 1] = e1;
        tape.size = s + 2;
    }

    private static int str(MessagePackFactory f, byte[] b, int p, int n, int end, Tape tape, int at, int off) {
        if (n > end - p) {
            throw declared(n, end - p, at, off);
        }
        if (n > f.maxStringLength) {
            throw limit("str of " + n + " bytes longer than maxStringLength (" + f.maxStringLength + ")", at, off);
        }
        long[] t = tape.entries;
        int s = tape.size;
        if (StrDecoder.isAscii(b, p, n)) {
            put(tape, t, s, Tape.STR_ASCII, at, ((long) p << 32) | n);
        } else if (StrDecoder.isWellFormed(b, p, n)) {
            put(tape, t, s, Tape.STR_UTF8, at, ((long) p << 32) | n);
        } else {
            String decoded = StrDecoder.decode(b, p, n, f.replaceInvalidUtf8, -(long) off);
            char[] u = tape.ensureUtf16(decoded.length());
            decoded.getChars(0, decoded.length(), u, tape.utf16Size);
            put(tape, t, s, Tape.STR_UTF16, at, ((long) tape.utf16Size << 32) | decoded.length());
            tape.utf16Size += decoded.length();
        }
        return p + n;
    }

    private static long be(byte[] b, int p, int n, int end, int off) {
        if (p + n > end) {
            throw truncated(end, off);
        }
        long v = 0;
        for (int k = 0; k < n; k++) {
            v = (v << 8) | (b[p + k] & 0xFF);
        }
        return v;
    }

    /** A length past the input's end: at the value's header, as MessageUnpacker reports it over an array. */
    private static MessagePackException declared(long n, long remain, int at, int off) {
        return new MessagePackException(MessagePackException.Kind.TRUNCATED, n + " bytes declared, " + remain + " remain", at - off);
    }

    private static MessagePackException truncated(int at, int off) {
        return new MessagePackException(MessagePackException.Kind.TRUNCATED, "the input ended inside a value", at - off);
    }

    private static MessagePackException limit(String what, int at, int off) {
        return new MessagePackException(MessagePackException.Kind.LIMIT_EXCEEDED, what, at - off);
    }
}

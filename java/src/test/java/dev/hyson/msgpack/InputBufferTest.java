package dev.hyson.msgpack;

import static dev.hyson.msgpack.MsgPackAssertions.assertFails;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class InputBufferTest {
    /** A buffer over a stream that hands out one byte per read, the worst case for refilling. */
    private static InputBuffer overOneByteReads(byte[] data, long maxDocumentLength) {
        InputBuffer in = new InputBuffer(maxDocumentLength);
        in.setInput(new ByteArrayInputStream(data) {
            @Override
            public synchronized int read(byte[] b, int off, int len) {
                return super.read(b, off, Math.min(len, 1));
            }
        });
        return in;
    }

    private static byte[] counting(int n) {
        byte[] b = new byte[n];
        for (int i = 0; i < n; i++) {
            b[i] = (byte) (i * 7 + 1);
        }
        return b;
    }

    @Test
    void require_oneByteStream_refillsUntilAvailable() {
        byte[] data = {0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f};
        InputBuffer in = overOneByteReads(data, Long.MAX_VALUE);
        in.require(1);
        assertEquals(0x01, in.u8());
        in.require(2);
        assertEquals(0x0203, in.u16());
        in.require(4);
        assertEquals(0x04050607, in.i32());
        in.require(8);
        assertEquals(0x08090a0b0c0d0e0fL, in.i64());
        assertEquals(15, in.offset());
        assertFalse(in.hasNext());
    }

    @Test
    void require_oneByteStream_growsPastTheFirstBuffer() {
        byte[] data = counting(20_000);
        InputBuffer in = overOneByteReads(data, Long.MAX_VALUE);
        in.require(3);
        in.skip(3);
        in.require(19_990);
        assertEquals(3, in.offset());
        assertArrayEquals(Arrays.copyOfRange(data, 3, 19_993), Arrays.copyOfRange(in.buf, in.pos, in.pos + 19_990));
    }

    @Test
    void skip_oneByteStream_dropsBytesAndKeepsTheOffset() {
        byte[] data = counting(10_005);
        InputBuffer in = overOneByteReads(data, Long.MAX_VALUE);
        in.skip(10_000);
        assertEquals(10_000, in.offset());
        in.require(1);
        assertEquals(data[10_000] & 0xFF, in.u8());
        assertEquals(10_001, in.offset());
        assertTrue(in.hasNext());
    }

    @Test
    void require_pastTheEndOfAStream_failsWithTheOffsetOfTheEnd() {
        InputBuffer in = overOneByteReads(counting(5), Long.MAX_VALUE);
        in.require(1);
        in.u8();
        assertFails(MessagePackException.Kind.TRUNCATED, 5, "unexpected end of input: 20 bytes needed, 4 remain",
                () -> in.require(20));
    }

    @Test
    void skip_pastTheEndOfAStream_failsWithTheOffsetOfTheEnd() {
        InputBuffer in = overOneByteReads(counting(9_000), Long.MAX_VALUE);
        assertFails(MessagePackException.Kind.TRUNCATED, 9_000, "unexpected end of input: 1 byte needed, 0 remain",
                () -> in.skip(9_001));
    }

    @Test
    void require_pastTheEndOfASlice_failsWithTheOffsetInTheSlice() {
        byte[] b = counting(10);
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(b, 3, 4, -3); // offsets are relative to the slice
        assertEquals(0, in.offset());
        assertEquals(4, in.remaining());
        in.require(1);
        assertEquals(b[3] & 0xFF, in.u8());
        assertFails(MessagePackException.Kind.TRUNCATED, 4, "unexpected end of input: 4 bytes needed, 3 remain",
                () -> in.require(4));
    }

    @Test
    void require_streamLongerThanMaxDocumentLength_failsAsSoonAsMoreIsRead() {
        InputBuffer in = new InputBuffer(100);
        in.setInput(new ByteArrayInputStream(counting(101)));
        assertFails(MessagePackException.Kind.LIMIT_EXCEEDED, 100, "document longer than maxDocumentLength (100 bytes)",
                () -> in.require(1));

        InputBuffer exact = overOneByteReads(counting(100), 100);
        exact.skip(100);
        assertFalse(exact.hasNext());
        assertEquals(100, exact.offset());
    }

    @Test
    void clearInput_dropsTheInput() {
        InputBuffer in = new InputBuffer(Long.MAX_VALUE);
        in.setInput(counting(8), 0, 8, 0);
        in.clearInput();
        assertEquals(0, in.remaining());
        assertFalse(in.hasNext());
        assertEquals(0, in.buf.length);
    }
}

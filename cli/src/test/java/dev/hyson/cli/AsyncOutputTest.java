package dev.hyson.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** The output written on a thread of its own: every byte in order, failures reported on the writing thread. */
class AsyncOutputTest {
    @Test
    void bytesArriveInOrder_flushWaitsForThem() throws IOException {
        ByteArrayOutputStream target = new ByteArrayOutputStream();
        byte[] data = new byte[AsyncOutput.CHUNK * 9 + 12345];
        new Random(7).nextBytes(data);
        AsyncOutput out = new AsyncOutput(java.nio.channels.Channels.newChannel(target));
        int at = 0;
        Random sizes = new Random(8);
        while (at < data.length) {
            if (sizes.nextInt(10) == 0) {
                out.write(data[at++]);
                continue;
            }
            int n = Math.min(data.length - at, sizes.nextInt(AsyncOutput.CHUNK * 2));
            out.write(data, at, n);
            at += n;
            if (sizes.nextInt(20) == 0) {
                out.flush(); // does not wait
                out.sync();
                assertEquals(at, target.size(), "sync returns once all written before it reached the target");
            }
        }
        out.close();
        assertArrayEquals(data, target.toByteArray());
        assertThrows(IOException.class, () -> out.write(1));
    }

    @Test
    void aFailingTarget_isReportedByALaterCall_withItsMessage() {
        OutputStream failing = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("No space left on device");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("No space left on device");
            }
        };
        AsyncOutput out = new AsyncOutput(java.nio.channels.Channels.newChannel(failing));
        IOException e = assertThrows(IOException.class, () -> {
            byte[] chunk = new byte[AsyncOutput.CHUNK];
            for (int i = 0; i < 4 * AsyncOutput.CHUNKS; i++) {
                out.write(chunk); // blocks for a free chunk at most: the failed writer still frees them
            }
            out.sync();
        });
        assertEquals("No space left on device", e.getMessage());
        IOException onClose = assertThrows(IOException.class, out::close);
        assertTrue(onClose.getMessage().contains("No space"), onClose.getMessage());
    }
}

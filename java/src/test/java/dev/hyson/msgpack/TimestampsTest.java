package dev.hyson.msgpack;

import static dev.hyson.msgpack.MsgPackAssertions.assertFails;
import static dev.hyson.msgpack.MsgPackTestSupport.hex;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Instant;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class TimestampsTest {
    /** Writes {@code t} after two filler bytes, checks the bytes, reads it back from the payload. */
    private static void roundTrip(Instant t, String expectedHex, int headerLength) {
        byte[] b = new byte[2 + Timestamps.MAX_ENCODED];
        int end = Timestamps.write(t, b, 2);
        byte[] written = Arrays.copyOfRange(b, 2, end);
        assertEquals(expectedHex, hex(written));
        int payload = written.length - headerLength;
        assertEquals(t, Timestamps.read(b, 2 + headerLength, payload, 0));
        // the packer writes the same bytes, and the unpacker reads them back
        assertArrayEquals(written, MessagePackFactory.defaults().newPacker().packTimestamp(t).toByteArray());
        assertEquals(t, MessagePackFactory.defaults().newUnpacker(written).unpackTimestamp());
    }

    @Test
    void write_secondsWithoutNanos_isTimestamp32() {
        roundTrip(Instant.ofEpochSecond(0), "d6-ff-00-00-00-00", 2);
        roundTrip(Instant.ofEpochSecond(0xFFFFFFFFL), "d6-ff-ff-ff-ff-ff", 2);
    }

    @Test
    void write_nanosOrSecondsAbove32Bits_isTimestamp64() {
        // nanoseconds 1 in the top 30 bits, seconds 1 in the low 34
        roundTrip(Instant.ofEpochSecond(1, 1), "d7-ff-00-00-00-04-00-00-00-01", 2);
        roundTrip(Instant.ofEpochSecond(1L << 32), "d7-ff-00-00-00-01-00-00-00-00", 2);
        roundTrip(Instant.ofEpochSecond((1L << 34) - 1, 999_999_999), "d7-ff-ee-6b-27-ff-ff-ff-ff-ff", 2);
    }

    @Test
    void write_negativeOrAbove34BitSeconds_isTimestamp96() {
        roundTrip(Instant.ofEpochSecond(-1, 5), "c7-0c-ff-00-00-00-05-ff-ff-ff-ff-ff-ff-ff-ff", 3);
        roundTrip(Instant.ofEpochSecond(1L << 34), "c7-0c-ff-00-00-00-00-00-00-00-04-00-00-00-00", 3);
        roundTrip(Instant.MIN, "c7-0c-ff-00-00-00-00-ff-8f-e3-10-14-64-14-00", 3);
    }

    @Test
    void read_timestamp64WithNanosOf10To9_fails() {
        byte[] payload = hex("ee-6b-28-00-00-00-00-00"); // 1,000,000,000 << 34
        assertFails(MessagePackException.Kind.INVALID_TIMESTAMP, 42, "timestamp nanoseconds 1000000000 is not below 10^9",
                () -> Timestamps.read(payload, 0, 8, 42));
    }

    @Test
    void read_timestamp96WithNanosAbove10To9_fails() {
        byte[] payload = hex("ff-ff-ff-ff-00-00-00-00-00-00-00-00");
        assertFails(MessagePackException.Kind.INVALID_TIMESTAMP, 7, "timestamp nanoseconds 4294967295 is not below 10^9",
                () -> Timestamps.read(payload, 0, 12, 7));
    }

    @Test
    void read_timestamp96SecondsOutsideInstant_fails() {
        byte[] payload = hex("00-00-00-00-7f-ff-ff-ff-ff-ff-ff-ff");
        assertFails(MessagePackException.Kind.INVALID_TIMESTAMP, 0, "timestamp seconds 9223372036854775807 is outside java.time.Instant's range",
                () -> Timestamps.read(payload, 0, 12, 0));
    }

    @Test
    void read_otherLength_fails() {
        assertFails(MessagePackException.Kind.INVALID_TIMESTAMP, 3, "timestamp payload of 5 bytes (expected 4, 8 or 12)",
                () -> Timestamps.read(new byte[5], 0, 5, 3));
    }

    @Test
    void problem_namesWhatIsWrong_orNull() {
        assertNull(Timestamps.problem(hex("00-00-00-01")));
        assertEquals("timestamp payload of 3 bytes (expected 4, 8 or 12)", Timestamps.problem(new byte[3]));
        assertEquals("timestamp nanoseconds 1000000000 is not below 10^9", Timestamps.problem(hex("ee-6b-28-00-00-00-00-00")));
    }
}

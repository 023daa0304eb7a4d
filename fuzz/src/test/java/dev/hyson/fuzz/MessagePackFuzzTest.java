package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.fuzz.Support.Outcome;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import dev.hyson.msgpack.MessageUnpacker;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * MessagePack. {@code unpack}: fuzzed bytes under fuzzed factory options throw nothing but
 * {@link MessagePackException}; the array and a stream of fuzzed read sizes give the same value or
 * error; a value unpacked packs and unpacks back equal (in order), its bytes canonical (packing it
 * again gives the same bytes), and the lossless JSON form converts back to the same bytes; the
 * streaming {@link MessageUnpacker} reads or skips a sequence of values throwing nothing else; the
 * streamed {@code toJson} (arrays element by element) agrees with {@code toJson} of the array.
 * {@code jsonRoundTrip}: JSON to MessagePack and back equals {@code parse} of the JSON.
 */
class MessagePackFuzzTest {
    private static final MessagePackFactory DEFAULTS = MessagePackFactory.defaults();
    private static final MessagePackFactory LOSSLESS = MessagePackFactory.builder()
            .jsonForm(MessagePackFactory.JsonForm.LOSSLESS).build();

    @FuzzTest
    void unpack(FuzzedDataProvider data) {
        int bits = data.consumeInt();
        int[] sizes = Support.chunkSizes(data);
        byte[] bytes = data.consumeRemainingAsBytes();
        MessagePackFactory.Builder fb = MessagePackFactory.builder()
                .invalidUtf8((bits & 1) != 0 ? MessagePackFactory.Utf8Policy.REPLACE : MessagePackFactory.Utf8Policy.ERROR)
                .compatibility((bits & 2) != 0)
                .linkedHashMaps((bits & 4) != 0)
                .failOnUnknownExtension((bits & 8) != 0);
        if ((bits & 16) != 0) {
            fb.maxDepth(1 + ((bits >> 5) & 7)).maxStringLength(16).maxBinaryLength(16).maxContainerSize(8);
        }
        MessagePackFactory factory = fb.build();
        Outcome fromArray = msgpack("unpack", () -> factory.unpack(bytes));
        Outcome fromStream = msgpack("unpack stream", () -> factory.unpack(Support.chunked(bytes, sizes)));
        if (fromArray.failed() != fromStream.failed()
                || fromArray.failed() && !sameError(fromArray.error(), fromStream.error())
                || !fromArray.failed() && !Support.deepEquals(fromArray.value(), fromStream.value(), true)) {
            throw new AssertionError("array " + Support.describe(fromArray) + " vs stream " + Support.describe(fromStream));
        }

        streamedToJson(factory, bytes, sizes);

        Outcome seq = msgpack("unpacker", () -> {
            try (MessageUnpacker u = factory.newUnpacker(bytes)) {
                int i = 0;
                while (u.hasNext()) {
                    if ((bits >>> (8 + (i++ & 15)) & 1) != 0) {
                        u.skipValue();
                    } else {
                        u.unpackValue();
                    }
                }
            }
            return null;
        });
        if (!fromArray.failed() && seq.failed()) {
            throw new AssertionError("unpack read one value but the unpacker failed", seq.error());
        }

        if (fromArray.failed()) {
            return;
        }
        Object value = fromArray.value();
        MessagePackFactory out = (bits & 1) != 0
                ? DEFAULTS.toBuilder().invalidUtf8(MessagePackFactory.Utf8Policy.REPLACE).build() : DEFAULTS;
        byte[] packed = out.pack(value);
        Object back = out.unpack(packed);
        if (!Support.deepEquals(value, back, true)) {
            throw new AssertionError("pack/unpack: " + value + " came back as " + back);
        }
        byte[] again = out.pack(back);
        if (!Arrays.equals(packed, again)) {
            throw new AssertionError("packing is not canonical: " + Arrays.toString(packed) + " vs " + Arrays.toString(again));
        }
        if ((bits & 1) == 0) {
            String json = LOSSLESS.toJson(packed);
            byte[] fromJson = LOSSLESS.fromJson(json);
            if (!Arrays.equals(packed, fromJson)) {
                throw new AssertionError("lossless JSON " + json + " converts back to other bytes: "
                        + Arrays.toString(packed) + " vs " + Arrays.toString(fromJson));
            }
        }
    }

    @FuzzTest
    void jsonRoundTrip(byte[] json) {
        Outcome parsed = Outcome.of(() -> JsonReader.defaults().parse(json)).requireParseOutcome("parse");
        Outcome packed = Outcome.of(() -> DEFAULTS.fromJson(json));
        if (parsed.failed()) {
            if (!(packed.error() instanceof JsonParseException e)) {
                throw new AssertionError("parse failed (" + parsed.error() + ") but fromJson gave " + Support.describe(packed));
            }
            Support.assertSameError("parse vs fromJson", (JsonParseException) parsed.error(), e);
            return;
        }
        if (packed.failed()) {
            if (packed.error() instanceof MessagePackException m && m.kind() == MessagePackException.Kind.UNSUPPORTED_VALUE
                    && hasHugeInteger(parsed.value())) {
                return;   // beyond uint64: MessagePack has no integer for it
            }
            throw new AssertionError("fromJson of a valid document threw", packed.error());
        }
        byte[] mp = (byte[]) packed.value();
        if (!Arrays.equals(mp, DEFAULTS.pack(parsed.value()))) {
            throw new AssertionError("fromJson differs from pack(parse)");
        }
        Object want = Support.packedStrings(parsed.value());
        Object unpacked = DEFAULTS.unpack(mp);
        if (!Support.deepEquals(want, unpacked, true)) {
            throw new AssertionError("unpack(fromJson) " + unpacked + " vs parse " + parsed.value());
        }
        String text = DEFAULTS.toJson(mp);
        Object reparsed = JsonReader.defaults().parse(text);
        if (!Support.deepEquals(want, reparsed, true)) {
            throw new AssertionError("toJson(fromJson) " + text + " parses to " + reparsed + " vs " + parsed.value());
        }
    }

    private static boolean hasHugeInteger(Object v) {
        if (v instanceof BigInteger b) {
            return b.signum() < 0 ? b.bitLength() > 63 : b.bitLength() > 64;
        }
        if (v instanceof Map<?, ?> m) {
            return m.values().stream().anyMatch(MessagePackFuzzTest::hasHugeInteger);
        }
        return v instanceof List<?> l && l.stream().anyMatch(MessagePackFuzzTest::hasHugeInteger);
    }

    /**
     * {@code toJson} of a stream (arrays written element by element as they are read) against
     * {@code toJson} of the array (one value read whole, then written): the same JSON and a line feed;
     * a value JSON cannot hold fails both with JsonWriteException; invalid MessagePack fails the stream
     * too, with MessagePackException or, when an element JSON cannot hold comes first, JsonWriteException.
     */
    private static void streamedToJson(MessagePackFactory factory, byte[] bytes, int[] sizes) {
        if (bytes.length == 0) {
            return; // no value: the array form fails, the stream converts none
        }
        Outcome whole = Outcome.of(() -> factory.toJson(bytes));
        java.io.ByteArrayOutputStream out = new java.io.ByteArrayOutputStream();
        Outcome streamed = Outcome.of(() -> factory.toJson(Support.chunked(bytes, sizes), out));
        Throwable w = whole.error();
        Throwable s = streamed.error();
        for (Throwable t : new Throwable[] {w, s}) {
            if (t != null && !(t instanceof MessagePackException) && !(t instanceof dev.hyson.JsonWriteException)) {
                throw new AssertionError("toJson threw " + t, t);
            }
        }
        if (w == null) {
            String expected = whole.value() + "\n";
            if (s != null || !expected.equals(out.toString(java.nio.charset.StandardCharsets.UTF_8))) {
                throw new AssertionError("toJson " + expected + " but streamed " + Support.describe(streamed) + ": " + out);
            }
        } else if (w instanceof dev.hyson.JsonWriteException) {
            if (!(s instanceof dev.hyson.JsonWriteException)) {
                throw new AssertionError("toJson failed with " + w + " but streamed " + Support.describe(streamed));
            }
        } else if (((MessagePackException) w).kind() != MessagePackException.Kind.TRAILING_DATA && s == null) {
            throw new AssertionError("toJson failed with " + w + " but streamed wrote " + out);
        }
    }

    private static Outcome msgpack(String what, Supplier<?> call) {
        Outcome o = Outcome.of(call);
        if (o.failed() && !(o.error() instanceof MessagePackException)) {
            throw new AssertionError(what + " threw " + o.error(), o.error());
        }
        return o;
    }

    /**
     * The same kind and offset; but a declared length or count is checked against the input left
     * only over an array (TRUNCATED at the header, before limits), while a stream finds its end
     * later (TRUNCATED where the input ended, or first another error of the values it reads on the
     * way, at or after the header): README, "Known divergences".
     */
    private static boolean sameError(Throwable array, Throwable stream) {
        MessagePackException x = (MessagePackException) array;
        MessagePackException y = (MessagePackException) stream;
        if (x.kind() == MessagePackException.Kind.TRUNCATED) {
            return y.offset() >= x.offset();
        }
        return x.kind() == y.kind() && x.offset() == y.offset();
    }
}

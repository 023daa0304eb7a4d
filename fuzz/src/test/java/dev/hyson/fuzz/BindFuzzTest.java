package dev.hyson.fuzz;

import com.code_intelligence.jazzer.api.FuzzedDataProvider;
import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.hyson.Backend;
import dev.hyson.DuplicateKeyPolicy;
import dev.hyson.JsonParseException;
import dev.hyson.JsonReader;
import dev.hyson.JsonWriter;
import dev.hyson.bind.Binder;
import dev.hyson.fuzz.Models.Bean;
import dev.hyson.fuzz.Models.Everything;
import dev.hyson.fuzz.Support.Outcome;
import dev.hyson.msgpack.MessagePackException;
import dev.hyson.msgpack.MessagePackFactory;
import dev.hyson.stream.JsonParser;
import java.nio.charset.StandardCharsets;

/**
 * Binding fuzzed JSON (mostly shaped like the models, from {@link ModelJson}) to
 * {@link Models.Everything} and {@link Models.Bean}: generated codecs against the interpreter, the
 * Java backend against native, {@code read} against the pull parser's {@code readValue(Class)}
 * and a lazy document's {@code read}, and against parse-then-convert (the tree, parsed with exact
 * decimals, written and read again): the same value, or the same error kind and pointer (and
 * offset, where the same bytes are read). A bound value written reads back equal, and packed as
 * MessagePack unpacks equal.
 */
class BindFuzzTest {
    private static final Binder GENERATED = Binder.builder().generatedCodecs(true).build();
    private static final Binder INTERPRETED = Binder.builder().generatedCodecs(false).build();

    @FuzzTest
    void bind(FuzzedDataProvider data) {
        boolean bean = data.consumeBoolean();
        int bits = data.consumeInt();
        byte[] json = data.consumeBoolean()
                ? data.consumeRemainingAsBytes()
                : new ModelJson(data).document(bean).getBytes(StandardCharsets.UTF_8);
        if (bean) {
            check(Bean.class, json, bits);
        } else {
            check(Everything.class, json, bits);
        }
    }

    private static <T> void check(Class<T> type, byte[] json, int bits) {
        JsonReader.Builder options = JsonReader.builder().duplicateKeys(Support.duplicates(bits));
        Backend other = Support.BACKENDS.get(Math.floorMod(bits >> 8, Support.BACKENDS.size()));
        JsonReader generated = options.binder(GENERATED).backend(Backend.of(Backend.Choice.JAVA)).build();
        Outcome expected = Outcome.of(() -> generated.read(json, type)).requireParseOutcome("read");

        JsonReader interpreted = options.binder(INTERPRETED).backend(other).build();
        Support.assertSame("generated vs interpreted", expected, Outcome.of(() -> interpreted.read(json, type)));
        JsonReader native1 = options.binder(GENERATED).backend(other).build();
        Support.assertSame("java vs " + other, expected, Outcome.of(() -> native1.read(json, type)));
        Support.assertSame("read vs parser.readValue", expected, Outcome.of(() -> {
            try (JsonParser p = native1.parser(json)) {
                T v = p.readValue(type);
                if (p.nextToken() != null) {
                    throw new AssertionError("a token after the bound value");
                }
                return v;
            }
        }).requireParseOutcome("readValue"));
        Support.assertSame("read vs lazy read", expected,
                Outcome.of(() -> native1.document(json).root().read(type)).requireParseOutcome("lazy"));

        // parse-then-convert, on documents without repeated names (binding fails on the first of
        // them when its value does not fit, a tree keeps one) and without "-0" (a tree's 0)
        JsonReader plain = JsonReader.builder().duplicateKeys(DuplicateKeyPolicy.ERROR).build();
        Outcome tree = Outcome.of(() -> plain.parse(json));
        if (!tree.failed() && !new String(json, StandardCharsets.ISO_8859_1).contains("-0")) {
            byte[] converted = JsonWriter.defaults().writeBytes(plain.toBuilder().bigDecimals(true).build().parse(json));
            Outcome viaTree = Outcome.of(() -> generated.read(converted, type)).requireParseOutcome("read tree");
            if (expected.failed() != viaTree.failed()) {
                throw new AssertionError("parse-then-convert: " + Support.describe(expected) + " vs " + Support.describe(viaTree));
            }
            if (expected.failed()) {
                JsonParseException e = (JsonParseException) expected.error();
                JsonParseException t = (JsonParseException) viaTree.error();
                if (e.kind() != t.kind() || !e.pointer().equals(t.pointer())) {
                    throw new AssertionError("parse-then-convert error: " + e.getMessage() + " vs " + t.getMessage(), t);
                }
            } else if (!expected.value().equals(viaTree.value())) {
                throw new AssertionError("parse-then-convert: " + expected.value() + " vs " + viaTree.value());
            }
        }

        if (!expected.failed()) {
            Object value = expected.value();
            for (Binder binder : new Binder[] {GENERATED, INTERPRETED}) {
                byte[] written = JsonWriter.builder().binder(binder).build().writeBytes(value);
                Object back = generated.read(written, type);
                if (!value.equals(back)) {
                    throw new AssertionError("write/read: " + value + "\n" + back + "\n" + new String(written, StandardCharsets.UTF_8));
                }
                if (Support.hasLoneSurrogate(value.toString())) {
                    continue;   // packed as '?' (documented), so it cannot come back equal
                }
                MessagePackFactory mp = MessagePackFactory.builder().binder(binder).build();
                byte[] packed;
                try {
                    packed = mp.pack(value);
                } catch (MessagePackException e) {
                    if (e.kind() == MessagePackException.Kind.UNSUPPORTED_VALUE && e.getMessage().contains("outside the MessagePack range")) {
                        continue;   // an integer beyond uint64 (a BigInteger, or one in Object/Number): documented
                    }
                    throw e;
                }
                Object unpacked = mp.unpack(packed, type);
                if (!value.equals(unpacked)) {
                    throw new AssertionError("pack/unpack: " + value + "\n" + unpacked);
                }
            }
        }
    }
}

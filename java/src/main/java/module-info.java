/**
 * hyson: JSON (RFC 8259) and MessagePack for Java, with native hot paths and a pure-Java backend
 * that gives identical results. {@link dev.hyson.Json}, {@link dev.hyson.JsonReader} and
 * {@link dev.hyson.JsonWriter} read and write JSON; {@link dev.hyson.msgpack.MessagePack} reads
 * and writes MessagePack. Everything under {@code dev.hyson.internal} is closed to other modules.
 *
 * <p>The native backend loads a JNI library: on Java 24 and later, run with
 * {@code --enable-native-access=dev.hyson} (module path) or
 * {@code --enable-native-access=ALL-UNNAMED} (class path) to avoid the JDK's warning.
 * Records written by {@code JsonWriter} or packed by {@code MessagePacker} are read through their
 * accessors, so an application module opens their package to {@code dev.hyson}.
 */
module dev.hyson {
    exports dev.hyson;
    exports dev.hyson.msgpack;
    exports dev.hyson.tree;
    exports dev.hyson.bind;
    exports dev.hyson.stream;
    exports dev.hyson.lazy;
}

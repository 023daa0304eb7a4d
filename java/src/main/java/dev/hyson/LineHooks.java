package dev.hyson;

import dev.hyson.internal.lines.LineAccess;
import dev.hyson.internal.scan.ReadConfig;
import java.lang.reflect.Type;

/**
 * The line parsers {@code dev.hyson.stream} gets through {@link LineAccess}, which
 * {@link JsonReader} installs when its class initializes: one line of JSON Lines read as a document
 * of its own with a reader's options, backend and binder.
 */
final class LineHooks implements LineAccess.Access {
    @Override
    public LineAccess.LineParser parser(JsonReader reader, Type type) {
        return reader.arrays().lineParser(type);
    }

    @Override
    public LineAccess.LineParser validator(JsonReader reader) {
        return reader.arrays().lineValidator();
    }

    @Override
    public LineAccess.LineParser documents(JsonReader reader) {
        return reader.arrays().lineDocuments();
    }

    @Override
    public LineAccess.LineParser views(JsonReader reader) {
        return reader.arrays().lineViews();
    }

    @Override
    public void expire(Object document) {
        dev.hyson.internal.lazy.LazyAccess.factory().expire((dev.hyson.lazy.LazyDocument) document);
    }

    @Override
    public ReadConfig config(JsonReader reader) {
        return reader.arrays().config();
    }
}

package dev.hyson.jsonp.value;

/** Placeholder: replaced by the builder implementation (work in progress, not committed as done). */
public final class ObjectBuilder {
    private ObjectBuilder() {
        throw new UnsupportedOperationException("work in progress");
    }
}

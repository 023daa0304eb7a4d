package dev.hyson.jsonp.value;

/** Placeholder: replaced by the builder implementation (work in progress, not committed as done). */
public final class BuilderFactory {
    private BuilderFactory() {
        throw new UnsupportedOperationException("work in progress");
    }
}

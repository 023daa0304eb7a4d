package dev.hyson.jsonp.patch;

/** Placeholder: replaced by the builder implementation (work in progress, not committed as done). */
public final class PatchBuilder {
    private PatchBuilder() {
        throw new UnsupportedOperationException("work in progress");
    }
}

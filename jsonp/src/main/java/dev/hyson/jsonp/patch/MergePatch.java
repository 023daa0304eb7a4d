package dev.hyson.jsonp.patch;

/** Placeholder: replaced by the builder implementation (work in progress, not committed as done). */
public final class MergePatch {
    private MergePatch() {
        throw new UnsupportedOperationException("work in progress");
    }
}

package dev.hyson.internal.bind;

import dev.hyson.bind.Codec;

/** A user {@link Codec} on the tape: it reads through the {@link TapeReader} as a {@code ValueIn}, and must consume exactly one value. */
final class UserCodec extends TapeCodec<Object> {
    private final Codec<Object> codec;
    private final String type;

    @SuppressWarnings("unchecked")
    UserCodec(Codec<?> codec, String type) {
        this.codec = (Codec<Object>) codec;
        this.type = type;
    }

    @Override
    public Object read(TapeReader r) {
        int at = r.i;
        int next = TapeExtents.next(r.t, at);
        Object v;
        int outer = r.codecValue;
        r.codecValue = at;
        try {
            v = codec.read(new CodecIn(r));
        } catch (RuntimeException e) {
            throw BindErrors.wrap(e, at, codec);
        } finally {
            r.codecValue = outer;
        }
        if (r.i != next) {
            r.i = at;
            // a bug in the codec, reported as its other failures are: with the value's place and pointer
            throw new BindFailure(BindFailure.Problem.INVALID_FORMAT, at, "codec " + codec.getClass().getName() + " for " + type
                    + " must read exactly one value (one read or skip call)", null);
        }
        return v;
    }

    @Override
    public String describe() {
        return type;
    }
}

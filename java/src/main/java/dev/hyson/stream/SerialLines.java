package dev.hyson.stream;

import dev.hyson.JsonParseException;
import dev.hyson.internal.lines.LineAccess.LineParser;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.function.Consumer;

/** The lines of one cursor parsed on the consuming thread, one per {@link #tryAdvance}. */
final class SerialLines<T> extends Spliterators.AbstractSpliterator<T> {
    private final LineCursor cursor;
    private final LineParser parser;
    private final LineErrorHandler handler;

    SerialLines(LineCursor cursor, LineParser parser, LineErrorHandler handler) {
        super(Long.MAX_VALUE, Spliterator.ORDERED);
        this.cursor = cursor;
        this.parser = parser;
        this.handler = handler;
    }

    @Override
    @SuppressWarnings("unchecked")
    public boolean tryAdvance(Consumer<? super T> action) {
        LineCursor c = cursor;
        try {
            while (c.next()) {
                if (c.error != null) {
                    failed(c.error, c.line, c.offset);
                    continue;
                }
                Object value;
                try {
                    value = parser.read(c.tape(), c.entry, c.buffer(), c.start, c.end, c.offset, c.line);
                } catch (JsonParseException e) {
                    failed(e, c.line, c.offset);
                    continue;
                }
                action.accept((T) value);
                return true;
            }
            c.release(); // the end of the input: the scans' buffers go now
            return false;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void failed(JsonParseException e, long line, long offset) {
        if (handler == null) {
            throw e;
        }
        handler.onError(new LineError(line, offset, e));
    }
}

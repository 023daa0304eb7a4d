package dev.hyson.internal.write;

import java.util.Arrays;

/**
 * The JSON writer's output buffer: bytes go into {@code buf} at {@code pos}, drained into the
 * {@link Generator.Sink} whenever it fills (so a large document streams out in fixed memory, as
 * yajl's encoder does) or grown when there is no sink.
 *
 * <p>The writer is one object split by job into a chain of classes (output, {@link JsonNumbers},
 * {@link JsonStrings}, {@link MemberNames}, {@link Generator}), so the hot loops of each read
 * {@code buf} and {@code pos} as fields of {@code this}, with no indirection.
 */
abstract class JsonOutput extends ValueDispatcher {
    WriteConfig cfg;
    private Generator.Sink sink;
    byte[] buf;
    int pos;
    /** With a sink: the buffer grows up to this length before it drains (0: drain as soon as it is full). */
    private int growTo;
    /** How many bytes the sink has taken since {@link #start}: a write that left none can be run again. */
    long drained;

    JsonOutput(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        this.cfg = cfg;
        this.buf = buf;
        this.sink = sink;
    }

    /** Readies this writer for another document: new options, an empty buffer, a new sink. */
    void start(WriteConfig cfg, byte[] buf, Generator.Sink sink) {
        this.cfg = cfg;
        this.buf = buf;
        this.sink = sink;
        this.pos = 0;
        this.growTo = 0;
        this.drained = 0;
        this.inPlace = 0;
    }

    /**
     * Lets the buffer grow (doubling) up to {@code length} bytes before full buffers go to the sink:
     * a small document stays in one buffer, a large one is drained a full buffer at a time instead
     * of being copied to a larger array at each doubling.
     *
     * @param length the buffer length from which on it drains
     */
    public void growUpTo(int length) {
        this.growTo = length;
    }

    /** @return the buffer (which may have grown) */
    public byte[] buffer() {
        return buf;
    }

    /** @return the number of bytes in {@link #buffer()} not yet drained */
    public int position() {
        return pos;
    }

    /** @return how many bytes the sink has taken since this writer started its document or run */
    public long drainedBytes() {
        return drained;
    }

    /**
     * Forgets what was written after {@code position} (a {@link #position()} taken since the sink last
     * took bytes).
     *
     * @param position where the buffer ends again
     */
    public void backTo(int position) {
        pos = position;
    }

    /**
     * Drops what was written since the sink had taken {@code before} bytes and the buffer ended at
     * {@code at}, to write it again: possible when the sink has taken nothing since, or when that
     * point is the document's start and the sink can forget what it took ({@link Generator.Sink#forget},
     * an in-memory write's spilled buffers).
     *
     * @return whether the output is back at that point
     */
    final boolean rewind(long before, int at) {
        if (drained == before) {
            pos = at;
            return true;
        }
        if (before == 0 && at == 0 && sink != null && sink.forget()) {
            drained = 0;
            pos = 0;
            return true;
        }
        return false;
    }

    /** Drains everything that is buffered into the sink. */
    public void drainAll() {
        if (pos > 0) {
            int used = sink.drain(buf, pos);
            System.arraycopy(buf, used, buf, 0, pos - used);
            pos -= used;
            drained += used;
        }
    }

    final void ensure(int n) {
        if (pos + n <= buf.length) {
            return;
        }
        if (sink != null && pos > 0 && buf.length >= growTo) {
            int used = sink.drain(buf, pos);
            System.arraycopy(buf, used, buf, 0, pos - used);
            pos -= used;
            drained += used;
            if (pos + n <= buf.length) {
                return;
            }
        }
        long want = Math.max((long) buf.length * 2, (long) pos + n);
        if (want > Integer.MAX_VALUE - 16) {
            if ((long) pos + n > Integer.MAX_VALUE - 16) {
                throw new WriteFailure("output exceeds the largest Java array (2 GiB); write to a stream instead");
            }
            want = Integer.MAX_VALUE - 16;
        }
        buf = Arrays.copyOf(buf, (int) want);
    }

    /** Ends a line of JSON Lines output: one line feed after the value. */
    public void writeLineEnd() {
        writeRaw((byte) '\n');
    }

    final void writeRaw(byte b) {
        ensure(1);
        buf[pos++] = b;
    }

    /** Writes {@code null}: four byte stores, no loop over a string. */
    @Override
    protected final void writeNull() {
        ensure(4);
        byte[] b = buf;
        int p = pos;
        b[p] = 'n';
        b[p + 1] = 'u';
        b[p + 2] = 'l';
        b[p + 3] = 'l';
        pos = p + 4;
    }

    /** Writes {@code true} or {@code false}. */
    @Override
    protected final void writeBoolean(boolean v) {
        ensure(5);
        byte[] b = buf;
        int p = pos;
        if (v) {
            b[p] = 't';
            b[p + 1] = 'r';
            b[p + 2] = 'u';
            b[p + 3] = 'e';
            pos = p + 4;
        } else {
            b[p] = 'f';
            b[p + 1] = 'a';
            b[p + 2] = 'l';
            b[p + 3] = 's';
            b[p + 4] = 'e';
            pos = p + 5;
        }
    }

    @SuppressWarnings("deprecation") // String.getBytes(int, int, byte[], int): the low byte of each char, which for ASCII is the char
    final void writeAscii(String s) {
        int n = s.length();
        ensure(n);
        s.getBytes(0, n, buf, pos); // one copy (an arraycopy for a Latin-1 string), no allocation
        pos += n;
    }

    /** A line feed and the indentation of {@code depth} levels: a copy from the config's run, deeper levels a byte at a time. */
    final void newline(int depth) {
        byte[] run = cfg.newlineRun;
        int n = 1 + (depth - inPlace) * cfg.indent; // (levels written in place of another value have no brackets)
        ensure(n);
        if (n <= run.length) {
            System.arraycopy(run, 0, buf, pos, n);
            pos += n;
            return;
        }
        buf[pos++] = '\n';
        for (int i = 1; i < n; i++) {
            buf[pos++] = ' ';
        }
    }
}

package dev.hyson.lazy;

import dev.hyson.JsonPointer;
import dev.hyson.JsonPointerException;
import dev.hyson.internal.bind.TapeExtents;
import dev.hyson.internal.lazy.LazyAccess;
import dev.hyson.internal.lazy.TapeArrays;
import dev.hyson.internal.tape.Tape;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A scanned JSON document read lazily: a read-only view over the scan's tape (the intermediate form
 * both backends write), where a value is looked up ({@link LazyValue#get(String)},
 * {@link LazyValue#get(int)}, {@link #at(String)}: RFC 6901 JSON Pointers) and read ({@code asString},
 * {@code asLong}, ...) without building the tree of the rest. Made by
 * {@link dev.hyson.JsonReader#document(byte[])} and its overloads, which scan (and so validate) the
 * whole input once, with the reader's options, limits and backend.
 *
 * <pre>{@code
 * LazyDocument doc = JsonReader.defaults().document(Path.of("twitter.json"));
 * String name = doc.at("/statuses/42/user/screen_name").asString();
 * for (LazyValue status : doc.root().get("statuses").elements()) {
 *     long id = status.get("id").asLong();
 * }
 * }</pre>
 *
 * <p><b>What costs what.</b> Making the document costs the scan (the tape: 8 to 16 bytes per value, plus
 * the decoded strings that had escapes); nothing else is built until asked for. A member lookup is a
 * walk of the object's members on the tape, each name compared as bytes (an object of 32 members or
 * more gets a hash index of its names at its first lookup); skipping a container walks its entries.
 * Once the document has walked as many entries as its tape holds, it remembers the end of each
 * container it walks (4 bytes per tape entry), so the next skip of that container is one step. {@link LazyValue#toValue()} builds the tree
 * of one subtree, {@link LazyValue#read(Class)} binds one.
 *
 * <p><b>Lifetime.</b> The document holds its input array (a {@code byte[]} given to the reader is used
 * in place: do not change it while the document is in use) and its tape, until it is unreachable.
 *
 * <p><b>Duplicate names.</b> A lookup gives the member {@code parse} would keep: the last of repeated
 * names under {@code DuplicateKeyPolicy.LAST_WINS} (the default), the first under {@code FIRST_WINS}
 * (the lookup then stops at it); under {@code ERROR} a lookup that meets a repeated name throws the
 * {@code JsonParseException} {@code parse} would (building an object or array raises it too).
 *
 * <p><b>Thread safety.</b> A document and its values are immutable views: any number of threads may
 * read them at once.
 */
public final class LazyDocument {
    static {
        LazyAccess.install(new LazyAccess.Factory() {
            @Override
            public LazyDocument create(TapeArrays tape, int root, byte[] buf, int start, int end, LazyAccess.Subtrees subtrees,
                    long offset, long line) {
                return new LazyDocument(tape, root, buf, start, end, subtrees, offset, line);
            }

            @Override
            public void expire(LazyDocument document) {
                document.expired = true;
            }

            @Override
            public LazyAccess.Slice slice(Object value) {
                LazyValue v = value instanceof LazyDocument ? ((LazyDocument) value).root : (LazyValue) value;
                LazyDocument d = v.document();
                d.check();
                return new LazyAccess.Slice(d.tape, v.entry(), d.buf);
            }
        });
    }

    /**
     * Whether this document was a view that has ended ({@link dev.hyson.stream.JsonLines#forEachDocument}):
     * plain, as the view is read and ended by the thread that reads the lines.
     */
    boolean expired;

    /** Objects with at least this many members get a hash index of their names at their first lookup. */
    static final int INDEX_MIN_MEMBERS = 32;

    final TapeArrays tape;
    final byte[] latin1;
    final char[] utf16;
    final long[] t;
    final byte[] buf;
    final int start;
    final int end;
    final LazyAccess.Subtrees subtrees;
    final boolean firstWins;
    /** Whether a repeated name is an error ({@code DuplicateKeyPolicy.ERROR}): a lookup that meets one builds the object to raise it. */
    final boolean duplicatesFail;
    private final LazyValue root;
    private final long offset;
    private final long line;
    /** Tape entries walked to skip containers, until {@link #ends} is built (a heuristic: races only delay it). */
    private long walked;
    /**
     * Per container entry, the entry after the container once a skip has walked it (0 before); null
     * until skipping has walked as many entries as the tape holds.
     */
    private volatile int[] ends;
    /** Member-name indexes of large objects, by the object's first entry; made on first use. */
    private volatile ConcurrentHashMap<Integer, MemberIndex> indexes;

    private LazyDocument(TapeArrays tape, int root, byte[] buf, int start, int end, LazyAccess.Subtrees subtrees, long offset,
            long line) {
        this.tape = tape;
        this.offset = offset;
        this.line = line;
        this.t = tape.entries();
        this.latin1 = tape.latin1();
        this.utf16 = tape.utf16();
        this.buf = buf;
        this.start = start;
        this.end = end;
        this.subtrees = subtrees;
        this.firstWins = subtrees.duplicates() == LazyAccess.Subtrees.FIRST_WINS;
        this.duplicatesFail = subtrees.duplicates() == LazyAccess.Subtrees.ERROR;
        this.root = new LazyValue(this, root, null, null);
    }

    /** @return the root value */
    public LazyValue root() {
        check();
        return root;
    }

    /** @throws IllegalStateException when this document was a view that has ended */
    void check() {
        if (expired) {
            throw new IllegalStateException("this LazyDocument was a view of one line during JsonLines.forEachDocument's "
                    + "action and has ended; use JsonLines.documents for documents that may be kept");
        }
    }

    /**
     * @param pointer a JSON Pointer (RFC 6901), e.g. {@code "/statuses/0/id"}; {@code ""} is the root
     * @return the value it points to
     * @throws JsonPointerException when the pointer is malformed, a member is missing, an index is out of
     *     range or a token goes into a value that is not a container; its {@code pointer()} names where
     */
    public LazyValue at(String pointer) {
        check();
        return root.at(JsonPointer.parse(pointer));
    }

    /**
     * @param pointer a JSON Pointer
     * @return the value it points to
     * @throws JsonPointerException as {@link #at(String)}
     */
    public LazyValue at(JsonPointer pointer) {
        check();
        return root.at(pointer);
    }

    /** @return the input's length in bytes */
    public int length() {
        return end - start;
    }

    /**
     * @return the byte offset where this document starts in the input it was read from: 0 for a whole
     *     document, the line's offset for a line of JSON Lines ({@link dev.hyson.stream.JsonLines#documents})
     */
    public long offset() {
        return offset;
    }

    /** @return the 1-based line this document starts on in its input: 1, or a JSON Lines line's number */
    public long line() {
        return line;
    }

    @Override
    public String toString() {
        return "LazyDocument[" + (end - start) + " bytes, " + tape.size() + " tape entries]";
    }

    /** @return the entry after the value whose first entry is {@code at} */
    int next(int at) {
        int tag = Tape.tag(t[at]);
        if (tag != Tape.OBJECT && tag != Tape.ARRAY) {
            return at + (tag >= Tape.TRUE && tag <= Tape.NULL ? 1 : 2);
        }
        if (t[at + 1] == 0) {
            return at + 2;
        }
        int[] e = ends;
        if (e != null && e[at] != 0) {
            return e[at];
        }
        int n = TapeExtents.next(t, at);
        if (e != null) {
            e[at] = n; // a race writes the same value
        } else if ((walked += n - at) > tape.size()) {
            ends = new int[tape.size()];
        }
        return n;
    }

    /** @return the member index of the object at {@code at} ({@code members} members), made on first use */
    MemberIndex index(int at, int members) {
        ConcurrentHashMap<Integer, MemberIndex> m = indexes;
        if (m == null) {
            synchronized (this) {
                m = indexes;
                if (m == null) {
                    indexes = m = new ConcurrentHashMap<>();
                }
            }
        }
        return m.computeIfAbsent(at, k -> new MemberIndex(this, k, members));
    }
}

/**
 * The containers of hyson's trees: {@link dev.hyson.tree.MemberMap}, the insertion-ordered map a
 * parsed JSON object (and an unpacked MessagePack map) becomes. Arrays are plain
 * {@code java.util.ArrayList}s, built at their final size.
 */
package dev.hyson.tree;

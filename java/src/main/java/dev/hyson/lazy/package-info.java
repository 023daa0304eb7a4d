/**
 * Lazy documents: a JSON text scanned once into hyson's tape and read on demand, by member name, index
 * or JSON Pointer (RFC 6901), without building the values not asked for. Start from
 * {@link dev.hyson.JsonReader#document(byte[])}; see {@link dev.hyson.lazy.LazyDocument}.
 */
package dev.hyson.lazy;

package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.util.List;

/** JSON writers of Avro records, arrays, maps and unions; the JSON form is described in {@link AvroJsonWriters}. */
final class ComplexJsonWriters {
  private ComplexJsonWriters() {}

  /**
   * A record as a JSON object, fields in schema order. Its field writers are set once after it is
   * made, so that a recursive record can refer to itself; it is not shared before that.
   */
  static final class RecordJson implements AvroJsonWriter {
    private final String where;
    private String[] keys;
    private AvroJsonWriter[] fields;

    RecordJson(String where) {
      this.where = where;
    }

    void setFields(List<String> names, List<AvroJsonWriter> writers) {
      if (fields != null) {
        throw new IllegalStateException(
            "Fields of the JSON writer for " + where + " are already set");
      }
      keys = new String[names.size()];
      for (int i = 0; i < keys.length; i++) {
        keys[i] = (i == 0 ? "" : ",") + JsonText.quoted(names.get(i)) + ":";
      }
      fields = writers.toArray(AvroJsonWriter[]::new);
    }

    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      in.enterNested(where);
      out.append('{');
      for (int i = 0; i < fields.length; i++) {
        out.append(keys[i]);
        fields[i].write(in, out);
      }
      out.append('}');
      in.exitNested();
    }
  }

  record ArrayJson(AvroJsonWriter element, ElementSize size, String where)
      implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      in.enterNested(where);
      out.append('[');
      boolean first = true;
      for (int count = in.readBlockCount(size, where);
          count > 0;
          count = in.readBlockCount(size, where)) {
        for (int i = 0; i < count; i++) {
          if (!first) {
            out.append(',');
          }
          first = false;
          element.write(in, out);
        }
      }
      out.append(']');
      in.exitNested();
    }
  }

  /** A map as a JSON object, keys in the order written, repeats kept. */
  record MapJson(AvroJsonWriter value, ElementSize size, String where) implements AvroJsonWriter {
    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      in.enterNested(where);
      out.append('{');
      boolean first = true;
      for (int count = in.readBlockCount(size, where);
          count > 0;
          count = in.readBlockCount(size, where)) {
        for (int i = 0; i < count; i++) {
          if (!first) {
            out.append(',');
          }
          first = false;
          JsonText.appendQuoted(out, in.readString(where));
          out.append(':');
          value.write(in, out);
        }
      }
      out.append('}');
      in.exitNested();
    }
  }

  /** A union as the JSON of the branch written, without Avro's {"type": value} wrapper. */
  record UnionJson(List<AvroJsonWriter> branches, String where) implements AvroJsonWriter {
    UnionJson {
      branches = List.copyOf(branches);
    }

    @Override
    public void write(AvroCursor in, StringBuilder out) throws UndecodableException {
      branches.get(in.readUnionIndex(branches.size(), where)).write(in, out);
    }
  }
}

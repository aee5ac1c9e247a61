package io.mink.schema.avro;

import io.mink.schema.decode.UndecodableException;
import java.util.List;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.types.Types;

/** An Avro record as an Iceberg GenericRecord: its fields in order, each by its own decoder. */
final class RecordDecoder implements ValueDecoder {
  private final GenericRecord template;
  private final ValueDecoder[] fields;

  RecordDecoder(Types.StructType struct, List<ValueDecoder> fields) {
    if (struct.fields().size() != fields.size()) {
      throw new IllegalArgumentException(String.format(
          "Cannot decode into %s: %d field decoders for %d fields",
          struct, fields.size(), struct.fields().size()));
    }
    this.template = GenericRecord.create(struct);
    this.fields = fields.toArray(ValueDecoder[]::new);
  }

  /** The decoders of the record's fields, in order. */
  ValueDecoder[] fields() {
    return fields.clone();
  }

  @Override
  public Object decode(AvroCursor in) throws UndecodableException {
    GenericRecord record = template.copy();
    for (int position = 0; position < fields.length; position++) {
      record.set(position, fields[position].decode(in));
    }
    return record;
  }
}

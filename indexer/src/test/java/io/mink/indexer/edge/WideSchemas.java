package io.mink.indexer.edge;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/** A record schema of {@code fields} long fields f0, f1, ... and records whose field i holds seed + i. */
final class WideSchemas {
  private final int fields;
  private final Schema avro;

  WideSchemas(int fields) {
    this.fields = fields;
    this.avro = new Schema.Parser().parse(avroSchema());
  }

  String avroSchema() {
    StringBuilder text = new StringBuilder(
        "{\"type\": \"record\", \"name\": \"Wide\", \"namespace\": \"edge\", \"fields\": [");
    for (int i = 0; i < fields; i++) {
      text.append(i == 0 ? "" : ", ")
          .append("{\"name\": \"f")
          .append(i)
          .append("\", \"type\": \"long\"}");
    }
    return text.append("]}").toString();
  }

  byte[] avroRecord(long seed) throws IOException {
    GenericData.Record record = new GenericData.Record(avro);
    for (int i = 0; i < fields; i++) {
      record.put(i, seed + i);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<GenericData.Record>(avro).write(record, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  static byte[] confluent(int id, byte[] payload) {
    return ByteBuffer.allocate(5 + payload.length)
        .put((byte) 0)
        .putInt(id)
        .put(payload)
        .array();
  }
}

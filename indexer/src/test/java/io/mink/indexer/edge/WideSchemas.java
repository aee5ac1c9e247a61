package io.mink.indexer.edge;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.DescriptorProtos.DescriptorProto;
import com.google.protobuf.DescriptorProtos.FieldDescriptorProto;
import com.google.protobuf.DescriptorProtos.FileDescriptorProto;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.DescriptorValidationException;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.DynamicMessage;
import io.mink.schema.registry.SchemaType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * A record schema of {@code fields} 64-bit integer fields f0, f1, ... in each schema language, and records whose field
 * i holds seed + i, written by the language's own library (Avro's GenericDatumWriter, protobuf-java's
 * DynamicMessage, Jackson) and framed as Confluent's serializers frame them.
 */
final class WideSchemas {
  private static final ObjectMapper JSON = new ObjectMapper();

  private final int fields;
  private final Schema avro;
  private final Descriptor protobuf;

  WideSchemas(int fields) {
    this.fields = fields;
    this.avro = new Schema.Parser().parse(avroSchema());
    this.protobuf = protobufDescriptor();
  }

  /** The schema's text as a producer registers it. */
  String schema(SchemaType type) {
    return switch (type) {
      case AVRO -> avroSchema();
      case PROTOBUF -> protobufSchema();
      case JSON -> jsonSchema();
    };
  }

  /** A record of the schema in the Confluent wire format. */
  byte[] confluentRecord(SchemaType type, int id, long seed) {
    return switch (type) {
      case AVRO -> frame(id, new byte[0], avroRecord(seed));
      case PROTOBUF -> frame(id, new byte[] {0}, protobufRecord(seed));
      case JSON -> frame(id, new byte[0], jsonRecord(seed));
    };
  }

  private String avroSchema() {
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

  private String protobufSchema() {
    StringBuilder text =
        new StringBuilder("syntax = \"proto3\";\npackage edge;\n\nmessage Wide {\n");
    for (int i = 0; i < fields; i++) {
      text.append("  int64 f").append(i).append(" = ").append(i + 1).append(";\n");
    }
    return text.append("}\n").toString();
  }

  private String jsonSchema() {
    ObjectNode schema = JSON.createObjectNode()
        .put("$schema", "http://json-schema.org/draft-07/schema#")
        .put("title", "Wide")
        .put("type", "object");
    ObjectNode properties = schema.putObject("properties");
    for (int i = 0; i < fields; i++) {
      properties.putObject("f" + i).put("type", "integer");
    }
    return schema.toString();
  }

  private byte[] avroRecord(long seed) {
    GenericData.Record record = new GenericData.Record(avro);
    for (int i = 0; i < fields; i++) {
      record.put(i, seed + i);
    }
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    try {
      new GenericDatumWriter<GenericData.Record>(avro).write(record, encoder);
      encoder.flush();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toByteArray();
  }

  private byte[] protobufRecord(long seed) {
    DynamicMessage.Builder message = DynamicMessage.newBuilder(protobuf);
    for (int i = 0; i < fields; i++) {
      message.setField(protobuf.findFieldByNumber(i + 1), seed + i);
    }
    return message.build().toByteArray();
  }

  private byte[] jsonRecord(long seed) {
    ObjectNode record = JSON.createObjectNode();
    for (int i = 0; i < fields; i++) {
      record.put("f" + i, seed + i);
    }
    try {
      return JSON.writeValueAsBytes(record);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The descriptor protoc would write for {@link #protobufSchema()}. */
  private Descriptor protobufDescriptor() {
    DescriptorProto.Builder wide = DescriptorProto.newBuilder().setName("Wide");
    for (int i = 0; i < fields; i++) {
      wide.addField(FieldDescriptorProto.newBuilder()
          .setName("f" + i)
          .setNumber(i + 1)
          .setType(FieldDescriptorProto.Type.TYPE_INT64)
          .setLabel(FieldDescriptorProto.Label.LABEL_OPTIONAL));
    }
    FileDescriptorProto file = FileDescriptorProto.newBuilder()
        .setName("wide.proto")
        .setPackage("edge")
        .setSyntax("proto3")
        .addMessageType(wide)
        .build();
    try {
      return FileDescriptor.buildFrom(file, new FileDescriptor[0]).findMessageTypeByName("Wide");
    } catch (DescriptorValidationException e) {
      throw new IllegalStateException(e);
    }
  }

  private static byte[] frame(int id, byte[] messageIndexes, byte[] payload) {
    return ByteBuffer.allocate(5 + messageIndexes.length + payload.length)
        .put((byte) 0)
        .putInt(id)
        .put(messageIndexes)
        .put(payload)
        .array();
  }
}

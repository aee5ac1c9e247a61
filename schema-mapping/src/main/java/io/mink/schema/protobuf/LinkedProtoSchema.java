package io.mink.schema.protobuf;

import static java.util.Objects.requireNonNull;

import com.squareup.wire.schema.MessageType;
import com.squareup.wire.schema.Schema;
import com.squareup.wire.schema.internal.parser.ProtoFileElement;

/**
 * A registered .proto file linked with everything it imports.
 *
 * @param schema every linked file: the registered one, its references and the well-known types
 * @param file the registered file as parsed, for the message numbering AWS Glue uses
 * @param firstMessage the file's first top-level message: the table's
 */
record LinkedProtoSchema(Schema schema, ProtoFileElement file, MessageType firstMessage) {
  LinkedProtoSchema {
    requireNonNull(schema, "schema is null");
    requireNonNull(file, "file is null");
    requireNonNull(firstMessage, "firstMessage is null");
  }
}

package io.mink.cli.read;

import static java.util.Objects.requireNonNull;

import io.mink.schema.batch.ArrowSchemas;
import io.mink.schema.batch.RowBatch;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import org.apache.arrow.memory.BufferAllocator;
import org.apache.arrow.vector.VectorLoader;
import org.apache.arrow.vector.VectorSchemaRoot;
import org.apache.arrow.vector.VectorUnloader;
import org.apache.arrow.vector.ipc.ArrowStreamWriter;
import org.apache.arrow.vector.ipc.message.ArrowRecordBatch;
import org.apache.iceberg.Schema;

/**
 * {@code --output arrow}: an Arrow IPC stream, readable by any Arrow reader ({@code ArrowStreamReader},
 * {@code pyarrow.ipc.open_stream}). Its schema is {@link ArrowSchemas#of} the table schema, every field with its
 * Iceberg field id, and the read's metadata as the schema's custom metadata; each batch is one record batch,
 * its buffers lent to the writer's root without copying. {@link #finish} writes the end-of-stream marker.
 */
final class ArrowRowsWriter implements RowsWriter {
  private final OutputStream out;
  private Schema schema;
  private BufferAllocator allocator;
  private VectorSchemaRoot root;
  private ArrowStreamWriter stream;

  ArrowRowsWriter(OutputStream out) {
    this.out = out;
  }

  @Override
  public void begin(Schema schema, Map<String, String> metadata) throws IOException {
    requireNonNull(schema, "schema is null");
    requireNonNull(metadata, "metadata is null");
    BegunSchema.requireNotBegun(this.schema);
    org.apache.arrow.vector.types.pojo.Schema fields = ArrowSchemas.of(schema);
    allocator = RowBatch.newChildAllocator("mink read --output arrow");
    root = VectorSchemaRoot.create(
        new org.apache.arrow.vector.types.pojo.Schema(fields.getFields(), metadata), allocator);
    stream = new ArrowStreamWriter(root, null, out);
    stream.start();
    this.schema = schema;
  }

  @Override
  public void write(RowBatch batch) throws IOException {
    BegunSchema.requireSame(schema, batch);
    try (ArrowRecordBatch buffers = new VectorUnloader(batch.root()).getRecordBatch()) {
      new VectorLoader(root).load(buffers);
      stream.writeBatch();
    } finally {
      root.clear();
    }
    out.flush();
  }

  @Override
  public void finish() throws IOException {
    BegunSchema.requireBegun(schema, "finish");
    stream.end();
    out.flush();
  }

  /**
   * Releases the root and its allocator. The stream writer is not closed, as closing it would end the stream
   * after a failed read and close the caller's output.
   */
  @Override
  public void close() {
    if (root != null) {
      root.close();
    }
    if (allocator != null) {
      allocator.close();
    }
  }
}

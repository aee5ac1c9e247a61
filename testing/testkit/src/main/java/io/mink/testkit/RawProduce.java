package io.mink.testkit;

import static java.util.Objects.requireNonNull;

import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.compress.Compression;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeader;
import org.apache.kafka.common.message.ProduceRequestData;
import org.apache.kafka.common.protocol.ApiKeys;
import org.apache.kafka.common.protocol.Errors;
import org.apache.kafka.common.record.internal.MemoryRecords;
import org.apache.kafka.common.record.internal.SimpleRecord;
import org.apache.kafka.common.requests.AbstractResponse;
import org.apache.kafka.common.requests.ProduceRequest;
import org.apache.kafka.common.requests.ProduceResponse;
import org.apache.kafka.common.requests.RequestHeader;
import org.apache.kafka.common.utils.Crc32C;

/**
 * Sends one record whose header key is raw bytes, which Kafka's producer cannot send (its header keys are Java strings
 * and always encode to valid UTF-8): the record batch is built in Kafka's format (magic 2), the key bytes are written
 * into it, its CRC is computed again, and it goes to the broker in a ProduceRequest over a plain socket.
 */
public final class RawProduce {
  private static final short PRODUCE_VERSION = 12;
  private static final int BATCH_CRC_OFFSET = 17;
  private static final int BATCH_ATTRIBUTES_OFFSET = 21;

  private RawProduce() {}

  /**
   * Produces a record with one header of key {@code headerKey} (any bytes) and value {@code headerValue} to partition
   * 0 of {@code topic} through the broker at {@code hostPort}, the partition's leader; acks=all.
   */
  public static void recordWithHeaderKeyBytes(
      String hostPort, String topic, byte[] value, byte[] headerKey, byte[] headerValue) {
    requireNonNull(headerKey, "headerKey is null");
    ByteBuffer batch = batch(value, headerKey, headerValue);
    ProduceRequestData data = new ProduceRequestData()
        .setAcks((short) -1)
        .setTimeoutMs(30_000)
        .setTopicData(new ProduceRequestData.TopicProduceDataCollection(List.of(
                new ProduceRequestData.TopicProduceData()
                    .setName(topic)
                    .setPartitionData(List.of(new ProduceRequestData.PartitionProduceData()
                        .setIndex(0)
                        .setRecords(MemoryRecords.readableRecords(batch)))))
            .iterator()));
    RequestHeader header =
        new RequestHeader(ApiKeys.PRODUCE, PRODUCE_VERSION, "mink-raw-produce", 1);
    ByteBuffer request =
        ProduceRequest.builder(data).build(PRODUCE_VERSION).serializeWithHeader(header);
    ProduceResponse response = (ProduceResponse) send(hostPort, request, header);
    Map<Errors, Integer> errors = response.errorCounts();
    if (errors.keySet().stream().anyMatch(error -> error != Errors.NONE)) {
      throw new IllegalStateException(
          "The broker refused the raw produce to " + topic + ": " + errors);
    }
  }

  /** A one-record batch whose header key is {@code headerKey}, written over a placeholder of the same length. */
  private static ByteBuffer batch(byte[] value, byte[] headerKey, byte[] headerValue) {
    byte[] placeholder = new byte[headerKey.length];
    Arrays.fill(placeholder, (byte) 'k');
    Header[] headers = {
      new RecordHeader(new String(placeholder, StandardCharsets.US_ASCII), headerValue)
    };
    ByteBuffer buffer = MemoryRecords.withRecords(
            Compression.NONE, new SimpleRecord(System.currentTimeMillis(), null, value, headers))
        .buffer();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    int at = indexOf(bytes, placeholder);
    System.arraycopy(headerKey, 0, bytes, at, headerKey.length);
    long crc =
        Crc32C.compute(bytes, BATCH_ATTRIBUTES_OFFSET, bytes.length - BATCH_ATTRIBUTES_OFFSET);
    ByteBuffer.wrap(bytes).putInt(BATCH_CRC_OFFSET, (int) crc);
    return ByteBuffer.wrap(bytes);
  }

  private static int indexOf(byte[] bytes, byte[] part) {
    for (int i = bytes.length - part.length; i >= 0; i--) {
      if (Arrays.equals(bytes, i, i + part.length, part, 0, part.length)) {
        return i;
      }
    }
    throw new IllegalStateException("The placeholder header key is not in the batch");
  }

  private static AbstractResponse send(String hostPort, ByteBuffer request, RequestHeader header) {
    int colon = hostPort.lastIndexOf(':');
    try (Socket socket =
        new Socket(hostPort.substring(0, colon), Integer.parseInt(hostPort.substring(colon + 1)))) {
      socket.setSoTimeout(30_000);
      DataOutputStream out = new DataOutputStream(socket.getOutputStream());
      out.writeInt(request.remaining());
      out.write(request.array(), request.arrayOffset() + request.position(), request.remaining());
      out.flush();
      DataInputStream in = new DataInputStream(socket.getInputStream());
      byte[] response = new byte[in.readInt()];
      in.readFully(response);
      return AbstractResponse.parseResponse(ByteBuffer.wrap(response), header);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot send a raw produce request to " + hostPort, e);
    }
  }
}

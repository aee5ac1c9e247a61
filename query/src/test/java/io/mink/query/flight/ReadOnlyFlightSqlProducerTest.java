package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.google.protobuf.ByteString;
import org.apache.arrow.flight.FlightProducer.StreamListener;
import org.apache.arrow.flight.FlightRuntimeException;
import org.apache.arrow.flight.FlightStatusCode;
import org.apache.arrow.flight.PutResult;
import org.apache.arrow.flight.Result;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionBeginTransactionRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionBeginTransactionResult;
import org.apache.arrow.flight.sql.impl.FlightSql.ActionEndTransactionRequest;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandPreparedStatementUpdate;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementIngest;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementSubstraitPlan;
import org.apache.arrow.flight.sql.impl.FlightSql.CommandStatementUpdate;
import org.junit.jupiter.api.Test;

class ReadOnlyFlightSqlProducerTest {
  private final ReadOnlyFlightSqlProducer producer = new ReadOnlyFlightSqlProducer() {};

  @Test
  void anUpdateIsRefusedNamingItsKindAndHowTablesAreAdded() {
    Recording<PutResult> acks = new Recording<>();

    producer
        .acceptPutStatement(
            CommandStatementUpdate.newBuilder()
                .setQuery(" insert into kafka.orders values (1)")
                .build(),
            null,
            null,
            acks)
        .run();

    assertThat(acks.error.status().code()).isEqualTo(FlightStatusCode.INVALID_ARGUMENT);
    assertThat(acks.error.getMessage())
        .isEqualTo("mink-query is read-only: it does not run INSERT statements; add tables with "
            + "mink table add and write rows to their Kafka topics");
  }

  @Test
  void aPreparedUpdateAndBulkIngestionAreRefusedAlike() {
    Recording<PutResult> prepared = new Recording<>();
    Recording<PutResult> ingest = new Recording<>();

    producer
        .acceptPutPreparedStatementUpdate(
            CommandPreparedStatementUpdate.newBuilder()
                .setPreparedStatementHandle(ByteString.copyFromUtf8("DROP TABLE kafka.orders"))
                .build(),
            null,
            null,
            prepared)
        .run();
    producer
        .acceptPutStatementBulkIngest(
            CommandStatementIngest.newBuilder().setTable("orders").build(), null, null, ingest)
        .run();

    assertThat(prepared.error.getMessage())
        .startsWith("mink-query is read-only: it does not run DROP statements;");
    assertThat(ingest.error.getMessage())
        .startsWith("mink-query is read-only: it does not run bulk ingestion into orders;");
  }

  @Test
  void transactionsAndSubstraitAreNotSupported() {
    Recording<ActionBeginTransactionResult> begin = new Recording<>();
    Recording<Result> end = new Recording<>();

    producer.beginTransaction(ActionBeginTransactionRequest.getDefaultInstance(), null, begin);
    producer.endTransaction(ActionEndTransactionRequest.getDefaultInstance(), null, end);

    assertThat(begin.error.status().code()).isEqualTo(FlightStatusCode.UNIMPLEMENTED);
    assertThat(begin.error.getMessage())
        .isEqualTo("mink-query does not support transactions: run each statement on its own; every "
            + "statement reads one snapshot of its tables");
    assertThat(end.error.status().code()).isEqualTo(FlightStatusCode.UNIMPLEMENTED);
    assertThatThrownBy(() -> producer.getFlightInfoSubstraitPlan(
            CommandStatementSubstraitPlan.getDefaultInstance(), null, null))
        .isInstanceOf(FlightRuntimeException.class)
        .hasMessage("mink-query does not support Substrait plans: send the statement as SQL text");
  }

  @Test
  void aStatementWithoutAWordIsNamedAsAStatementThatWrites() {
    assertThat(StatementHandles.kind("  (")).isEqualTo("statements that write");
    assertThat(StatementHandles.kind("\nUpDate t set a = 1")).isEqualTo("UPDATE statements");
  }

  /** Keeps the error a call ends with. */
  private static final class Recording<T> implements StreamListener<T> {
    private FlightRuntimeException error;

    @Override
    public void onNext(T value) {}

    @Override
    public void onError(Throwable t) {
      error = (FlightRuntimeException) t;
    }

    @Override
    public void onCompleted() {}
  }
}

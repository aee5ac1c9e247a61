package io.mink.cli.query;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class StatementSplitterTest {
  @Test
  void semicolonsEndStatementsAndTheRestIsKept() {
    StatementSplitter.Split split = StatementSplitter.split("SELECT 1;\n SELECT 2 ;SELECT 3");

    assertThat(split.statements()).containsExactly("SELECT 1", "SELECT 2");
    assertThat(split.rest()).isEqualTo("SELECT 3");
  }

  @Test
  void semicolonsInStringsAndQuotedNamesDoNotEndAStatement() {
    StatementSplitter.Split split =
        StatementSplitter.split("SELECT 'a;b', 'it''s; fine' AS \"x;\"\"y\"; SELECT 2;");

    assertThat(split.statements())
        .containsExactly("SELECT 'a;b', 'it''s; fine' AS \"x;\"\"y\"", "SELECT 2");
    assertThat(split.rest()).isEmpty();
  }

  @Test
  void semicolonsInCommentsDoNotEndAStatement() {
    StatementSplitter.Split split = StatementSplitter.split("""
        SELECT 1 -- one; two
        /* a; block
           comment */ + 1;
        SELECT 2;
        """);

    assertThat(split.statements())
        .containsExactly("SELECT 1 -- one; two\n/* a; block\n   comment */ + 1", "SELECT 2");
  }

  @Test
  void dollarQuotedStringsHideSemicolonsButParametersDoNot() {
    StatementSplitter.Split split =
        StatementSplitter.split("SELECT $$a;b$$, $tag$c;$$;d$tag$; SELECT $1;");

    assertThat(split.statements()).containsExactly("SELECT $$a;b$$, $tag$c;$$;d$tag$", "SELECT $1");
  }

  @Test
  void statementsOfOnlyBlanksAndCommentsAreDropped() {
    StatementSplitter.Split split =
        StatementSplitter.split(";; -- nothing here;\n /* nor; here */ ; SELECT 1; -- trailing");

    assertThat(split.statements()).containsExactly("SELECT 1");
    assertThat(split.rest()).isEmpty();
  }

  @Test
  void unterminatedStringStaysInTheRest() {
    StatementSplitter.Split split = StatementSplitter.split("SELECT 1; SELECT 'open;\nstill open");

    assertThat(split.statements()).containsExactly("SELECT 1");
    assertThat(split.rest()).isEqualTo("SELECT 'open;\nstill open");
  }
}

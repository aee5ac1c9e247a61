package io.mink.query.flight;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class SearchPatternTest {
  @Test
  void percentMatchesAnyRunAndUnderscoreOneCharacter() {
    SearchPattern pattern = SearchPattern.compile("ord%_s");

    assertThat(pattern.matches("orders")).isTrue();
    assertThat(pattern.matches("ord_s")).isTrue();
    assertThat(pattern.matches("ords")).isFalse();
    assertThat(pattern.matches("Orders")).isFalse();
  }

  @Test
  void aBackslashMakesTheNextCharacterStandForItself() {
    SearchPattern pattern = SearchPattern.compile("order\\_lines");

    assertThat(pattern.matches("order_lines")).isTrue();
    assertThat(pattern.matches("orderXlines")).isFalse();
    assertThat(SearchPattern.compile("100\\%").matches("100%")).isTrue();
    assertThat(SearchPattern.compile("100\\%").matches("1000")).isFalse();
  }

  @Test
  void regularExpressionCharactersAreLiteral() {
    assertThat(SearchPattern.compile("a.b").matches("axb")).isFalse();
    assertThat(SearchPattern.compile("a.b").matches("a.b")).isTrue();
    assertThat(SearchPattern.compile("t[1]+").matches("t[1]+")).isTrue();
    assertThat(SearchPattern.compile("\\Qx").matches("Qx")).isTrue();
  }

  @Test
  void anEmptyPatternMatchesOnlyTheEmptyNameAndAnythingMatchesAll() {
    assertThat(SearchPattern.compile("").matches("")).isTrue();
    assertThat(SearchPattern.compile("").matches("orders")).isFalse();
    assertThat(SearchPattern.anything().matches("line\nbreak")).isTrue();
  }
}

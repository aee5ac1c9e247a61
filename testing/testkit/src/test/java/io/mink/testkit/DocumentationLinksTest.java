package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/** Every page the README and docs/ (with its folders) point to, by link or by name, is in the repository. */
class DocumentationLinksTest {
  private static final Path ROOT = Path.of("..", "..");
  private static final Pattern LINK = Pattern.compile("\\]\\(([^)\\s]+)\\)");
  private static final Pattern PAGE_NAME =
      Pattern.compile("(?<![\\w/:.-])([\\w./-]*[\\w-]+\\.md)\\b");

  @Test
  void everyLinkAndEveryNamedPageResolvesInsideTheRepository() throws IOException {
    List<String> broken = new ArrayList<>();
    for (Path page : pages()) {
      String text = Files.readString(page);
      Matcher link = LINK.matcher(text);
      while (link.find()) {
        String target = link.group(1).replaceFirst("#.*", "");
        if (!target.isEmpty()
            && !target.contains("://")
            && !target.startsWith("mailto:")
            && !Files.exists(page.getParent().resolve(target))) {
          broken.add(ROOT.relativize(page) + " links to " + target);
        }
      }
      Matcher name = PAGE_NAME.matcher(text);
      while (name.find()) {
        String target = name.group(1);
        if (Stream.of(
                ROOT.resolve(target),
                page.getParent().resolve(target),
                ROOT.resolve("docs").resolve(target))
            .noneMatch(Files::exists)) {
          broken.add(ROOT.relativize(page) + " names " + target);
        }
      }
    }

    assertThat(broken).as("references to pages the repository does not hold").isEmpty();
  }

  private static List<Path> pages() throws IOException {
    List<Path> pages = new ArrayList<>(List.of(ROOT.resolve("README.md")));
    try (Stream<Path> docs = Files.walk(ROOT.resolve("docs"))) {
      docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(pages::add);
    }
    return pages;
  }
}

package io.mink.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which sidecar dumps the class archive, which ones map it, and the classpath they all take. */
class SidecarClassArchiveTest {
  private static final String JAVA = "/usr/bin/java";

  @TempDir
  Path directory;

  @Test
  void jarsComeFirstInTheirOrderAndDirectoriesAfterThem() throws IOException {
    String first = Files.createFile(directory.resolve("first.jar")).toString();
    String second = Files.createFile(directory.resolve("second.jar")).toString();
    String classes = Files.createDirectory(directory.resolve("test-classes")).toString();

    assertThat(SidecarClassArchive.jarsFirst(List.of(classes, first, second)))
        .containsExactly(first, second, classes);
  }

  @Test
  void oneSidecarDumpsAtATimeAndLaterOnesMapThePublishedArchive() throws IOException {
    Path archives = directory.resolve("archives");
    String jar = Files.createFile(directory.resolve("mink.jar")).toString();
    String classes = Files.createDirectory(directory.resolve("test-classes")).toString();
    List<String> classpath = List.of(classes, jar);
    String ordered = jar + File.pathSeparator + classes;

    SidecarClassArchive.Start dumping = SidecarClassArchive.plan(archives, JAVA, classpath);
    SidecarClassArchive.Start meanwhile = SidecarClassArchive.plan(archives, JAVA, classpath);

    SidecarClassArchive.Dump dump = dumping.dump();
    assertThat(dump).isNotNull();
    assertThat(dumping.classpath()).isEqualTo(ordered);
    assertThat(dumping.jvmOptions())
        .startsWith("-XX:ArchiveClassesAtExit=" + dump.temporary())
        .contains("-Xlog:cds=off");
    assertThat(meanwhile.dump()).isNull();
    assertThat(meanwhile.jvmOptions()).isEmpty();
    assertThat(meanwhile.classpath()).isEqualTo(ordered);

    dump.finish(137);

    assertThat(dump.temporary()).doesNotExist();
    assertThat(dump.archive()).doesNotExist();
    SidecarClassArchive.Start again = SidecarClassArchive.plan(archives, JAVA, classpath);
    assertThat(again.dump()).isNotNull();
    assertThat(again.dump().temporary()).isNotEqualTo(dump.temporary());
    again.abandon();

    Files.createFile(again.dump().archive());
    SidecarClassArchive.Start mapping = SidecarClassArchive.plan(archives, JAVA, classpath);

    assertThat(mapping.dump()).isNull();
    assertThat(mapping.jvmOptions())
        .startsWith("-XX:SharedArchiveFile=" + again.dump().archive(), "-Xshare:auto");
    assertThat(mapping.classpath()).isEqualTo(ordered);
  }

  @Test
  void withoutADirectoryTheClasspathStaysAsItIs() {
    System.clearProperty(SidecarClassArchive.DIRECTORY_PROPERTY);

    SidecarClassArchive.Start start = SidecarClassArchive.plan(JAVA, List.of("b", "a.jar"));

    assertThat(start.classpath()).isEqualTo("b" + File.pathSeparator + "a.jar");
    assertThat(start.jvmOptions()).isEmpty();
    assertThat(start.dump()).isNull();
  }
}

# syntax=docker/dockerfile:1
# The Mink image: the release tarball (the dist module, docs/development.md) unpacked to /opt/mink, with mink and
# mink-query on the PATH. MINK_CONFIG names the config file mounted at /etc/mink/mink.toml for every command, so
# none needs --config; the default command runs the sidecar on it:
#   docker build -t mink .
#   docker run -v "$PWD/mink.toml:/etc/mink/mink.toml:ro" -p 9464:9464 mink
# Any other command runs the same way: docker run -v ... mink table list, and
#   docker run -v ... -p 9130:9130 --entrypoint mink-query mink serve
# docker-compose.yml runs two of these beside Kafka, a schema registry, a REST catalog on MinIO and Trino
# (docs/docker-compose.md).

FROM maven:3.9.9-eclipse-temurin-17 AS build
WORKDIR /src
COPY . .
# The tarball and the modules it needs, built as `mvn -B package` builds them (tests left out); unpacked to /opt/mink.
# The build context has no .git, so --version says "commit unknown".
RUN --mount=type=cache,target=/root/.m2 \
    mvn -B --no-transfer-progress -Dmaven.test.skip=true package -pl dist -am \
 && mkdir -p /opt/mink \
 && tar -xzf dist/target/mink-*.tar.gz --strip-components=1 -C /opt/mink

FROM eclipse-temurin:17.0.15_6-jre-noble
LABEL org.opencontainers.image.title="Mink" \
      org.opencontainers.image.description="Kafka topics as Iceberg tables: the mink sidecar and commands" \
      org.opencontainers.image.licenses="Apache-2.0"
RUN groupadd --system --gid 10001 mink \
 && useradd --system --uid 10001 --gid mink --home-dir /var/lib/mink --create-home --shell /usr/sbin/nologin mink \
 && mkdir -p /etc/mink
COPY --from=build /opt/mink /opt/mink
# MINK_OPTS holds JVM options, such as -Xmx1g; by default the heap is three quarters of the container's memory
# limit (docs/sizing.md). Whatever it says, mink serve and mink-query serve exit at their first OutOfMemoryError,
# so the orchestrator restarts them: bin/mink and bin/mink-query add -XX:+ExitOnOutOfMemoryError after it.
ENV PATH="/opt/mink/bin:${PATH}" \
    MINK_CONFIG="/etc/mink/mink.toml" \
    MINK_OPTS="-XX:MaxRAMPercentage=75"
USER 10001:10001
WORKDIR /var/lib/mink
# http_port in [indexer]: /metrics, /health and /ready; listen in [query]: mink-query serve's Flight SQL
EXPOSE 9464 9130
HEALTHCHECK --interval=10s --timeout=5s --start-period=60s --retries=3 \
  CMD ["curl", "-fsS", "-o", "/dev/null", "http://localhost:9464/health"]
ENTRYPOINT ["mink"]
CMD ["serve"]

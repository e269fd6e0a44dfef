// SPDX-License-Identifier: GPL-2.0-or-later
/*
 * setrichacl --edit (see edit.h).
 */
#include "config.h"

#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../quote.h"
#include "../tool.h"
#include "edit.h"
#include "input.h"

/* The editor: $VISUAL, $EDITOR, or vi. */
static const char *editor(void)
{
	const char *e = getenv("VISUAL");

	if (!e || !*e)
		e = getenv("EDITOR");
	return e && *e ? e : "vi";
}

/* Run the editor on @file, as git does: "sh -c 'EDITOR "$1"' sh FILE". */
static int run_editor(const char *file)
{
	const char *e = editor();
	char *cmd;
	int status;
	pid_t pid;

	if (asprintf(&cmd, "%s \"$1\"", e) < 0)
		return -1;
	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		execl("/bin/sh", "sh", "-c", cmd, "sh", file, (char *)NULL);
		_exit(127);
	}
	free(cmd);
	if (pid < 0)
		return -1;
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
		return 0;
	fprintf(stderr, "%s: the editor '%s' failed", progname, e);
	if (WIFEXITED(status))
		fprintf(stderr, " (exit status %d)", WEXITSTATUS(status));
	fprintf(stderr, "\n");
	errno = 0;
	return -1;
}

int edit_text(const char *path, const char *text, char **edited)
{
	const char *dir = getenv("TMPDIR");
	char *file = NULL, *before = NULL;
	size_t size = 0;
	int fd, ret = -1;
	bool ok;
	FILE *f;

	*edited = NULL;
	f = open_memstream(&before, &size);
	if (!f) {
		perror(progname);
		return -1;
	}
	fputs("# The ACL of ", f);
	quote_name(f, path);
	fputs(".  Entries: WHO:PERMISSIONS:FLAGS:TYPE (setrichacl --help);\n"
	      "# lines starting with '#' are ignored.  Saved unchanged, "
	      "nothing changes.\n", f);
	fputs(text, f);
	if (fclose(f) ||
	    asprintf(&file, "%s/setrichacl-XXXXXX",
		     dir && *dir ? dir : "/tmp") < 0) {
		perror(progname);
		free(before);
		return -1;
	}
	fd = mkstemp(file);
	if (fd < 0) {
		tool_file_error(file, NULL);
		goto out_free;
	}
	ok = write(fd, before, size) == (ssize_t)size;
	if (close(fd) || !ok) {
		tool_file_error(file, NULL);
		goto out;
	}
	if (run_editor(file)) {
		if (errno)
			perror(progname);
		goto out;
	}
	*edited = read_input(file);
	if (!*edited) {
		tool_file_error(file, NULL);
		goto out;
	}
	ret = strcmp(*edited, before) != 0;
out:
	unlink(file);
out_free:
	free(file);
	free(before);
	return ret;
}

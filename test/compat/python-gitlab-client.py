"""Drives Tandem with python-gitlab (Debian's python3-gitlab) as a GitLab user would.

Usage: python-gitlab-client.py BASE_URL OAUTH_TOKEN PROJECT_PATH
Prints one JSON object describing what the client saw; any warning (e.g. python-gitlab's
"The base URL in the server response differs from the user-provided base URL") is an error.
"""
import json
import sys
import warnings

warnings.simplefilter("error")
# The requests session python-gitlab keeps open is closed at exit: not a server problem
warnings.simplefilter("ignore", ResourceWarning)

import gitlab  # noqa: E402

url, token, project_path = sys.argv[1:4]
gl = gitlab.Gitlab(url, oauth_token=token, per_page=5)
gl.auth()
seen = {"version": gitlab.__version__, "user": gl.user.username}

seen["projects"] = [p.path_with_namespace for p in gl.projects.list(get_all=False)]
project = gl.projects.get(project_path)
seen["project"] = {"id": project.id, "path": project.path_with_namespace, "web_url": project.web_url}

pages = gl.projects.get(project.id, lazy=True).issues.list(iterator=True, per_page=5, state="opened")
iids = [i.iid for i in pages]
seen["issues"] = {"total": pages.total, "total_pages": pages.total_pages, "iids": iids}

issue = project.issues.create({"title": "Filed from python-gitlab", "description": "Made by `python-gitlab`"})
seen["created"] = {"iid": issue.iid, "title": issue.title, "state": issue.state, "web_url": issue.web_url}

issue.title = "Edited from python-gitlab"
issue.save()
edited = project.issues.get(issue.iid)
seen["edited"] = {"title": edited.title}

edited.state_event = "close"
edited.save()
seen["closed"] = {"state": project.issues.get(issue.iid).state}

print(json.dumps(seen))

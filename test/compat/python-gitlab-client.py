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

reopened = project.issues.get(issue.iid)
reopened.state_event = "reopen"
reopened.save()
seen["reopened"] = {"state": project.issues.get(issue.iid).state}

# Labels by title, as python-gitlab sends them (a comma-separated list); a new title makes a project label
labelled = project.issues.get(issue.iid)
labelled.labels = ["bug", "from python-gitlab"]
labelled.save()
seen["labelled"] = {"labels": sorted(project.issues.get(issue.iid).labels)}
labelled.labels = ["ui"]
labelled.save()
seen["relabelled"] = {"labels": project.issues.get(issue.iid).labels}
seen["project_labels"] = [{"name": label.name, "color": label.color} for label in project.labels.list(get_all=True)]

# Resource events (issue #26): the close/reopen and the label changes above, as python-gitlab reads them
history = project.issues.get(issue.iid)
state_events = history.resourcestateevents.list(get_all=True)
seen["state_events"] = [{"state": e.state, "user": e.user["username"], "resource_type": e.resource_type, "resource_id": e.resource_id} for e in state_events]
seen["state_event_one"] = history.resourcestateevents.get(state_events[0].id).state
seen["label_events"] = sorted([e.action, e.label["name"]] for e in history.resourcelabelevents.list(get_all=True))
seen["issue_id"] = history.id

# Members: list, add a user who is none yet, change the level, remove
seen["members_before"] = sorted(m.username for m in project.members.list(get_all=True))
seen["members_all"] = {m.username: m.access_level for m in project.members_all.list(get_all=True)}
erin = gl.users.list(username="erin")[0]
added = project.members.create({"user_id": erin.id, "access_level": gitlab.const.AccessLevel.REPORTER})
seen["member_added"] = {"username": added.username, "access_level": added.access_level}
try:
    project.members.create({"user_id": erin.id, "access_level": gitlab.const.AccessLevel.REPORTER})
    seen["member_added_twice"] = "accepted"
except gitlab.exceptions.GitlabCreateError as e:
    seen["member_added_twice"] = {"status": e.response_code, "message": e.error_message}
member = project.members.get(erin.id)
member.access_level = gitlab.const.AccessLevel.DEVELOPER
member.save()
seen["member_changed"] = {"access_level": project.members.get(erin.id).access_level}
seen["members_with_erin"] = {m.username: m.access_level for m in project.members.list(get_all=True)}
project.members.delete(erin.id)
seen["members_after"] = sorted(m.username for m in project.members.list(get_all=True))

print(json.dumps(seen))

"""Courses (issue 46 part 6): exercises grouped under a course key, with one gradebook of students × exercises.

store.py keeps them (tables courses, course_exercises), access.py checks a course key, api.py serves /api/courses,
gradebook.py counts each student's score per exercise and the misconceptions they showed, gradebook_csv.py writes it
for a spreadsheet, pages.py serves the page /course/<id> (and /course/new). docs/courses.md says it for instructors.
"""

const path = require('path');
const { task, src, dest, parallel } = require('gulp');

// tsc compiles the TypeScript; n8n also needs the icons, the codex JSON files and the output
// schemas (__schema__, served to the editor before a run) next to the compiled nodes and
// credentials, which tsc does not copy.
function copyIcons() {
	return src(['icons/**/*.{png,svg}', 'nodes/**/*.{png,svg}', 'credentials/**/*.{png,svg}'], {
		base: '.',
		encoding: false,
	}).pipe(dest(path.resolve('dist')));
}

function copyCodex() {
	return src(['nodes/**/*.node.json'], { base: '.' }).pipe(dest(path.resolve('dist')));
}

function copySchemas() {
	return src(['nodes/*/__schema__/**/*.json'], { base: '.' }).pipe(dest(path.resolve('dist')));
}

task('build:assets', parallel(copyIcons, copyCodex, copySchemas));

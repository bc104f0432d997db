import { keepIndexes } from '../../store/store.js';
import { specs, specVersions } from './openapi.js';
import { memberships, tokens } from './org.js';
import { changeRequests, commentReplies, comments } from './review.js';
import { samlProviders } from './saml.js';
import { sectionGroups, siteSections, siteSpaceRows } from './site.js';
import { collections, spaces } from './space.js';
import { translationRows } from './translation.js';

/**
 * The fields the services look records up by (tx.where, idsWhere, countWhere), kept with every
 * snapshot beside the tables' orders: a command that lists or counts by one of them reads the
 * group it asks for, whatever the size of the table. Loading this module declares them all, so
 * that any process that writes a snapshot keeps them.
 */
keepIndexes(spaces, 'organization', 'parent');
keepIndexes(collections, 'organization', 'parent');
keepIndexes(comments, 'space', 'changeRequest');
keepIndexes(commentReplies, 'comment', 'space');
keepIndexes(changeRequests, 'space');
keepIndexes(memberships, 'organization', 'user');
keepIndexes(tokens, 'user');
keepIndexes(siteSpaceRows, 'site', 'space');
keepIndexes(siteSections, 'site');
keepIndexes(sectionGroups, 'site');
keepIndexes(specs, 'organization');
keepIndexes(specVersions, 'spec');
keepIndexes(samlProviders, 'organization');
keepIndexes(translationRows, 'organization');
